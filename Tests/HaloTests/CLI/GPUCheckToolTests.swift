import Foundation
import XCTest

/// `tools/gpu-check --quick` with this build's halo: it names the driver, checks two scenes
/// against their exact images within the certified bound, and benches two cases, here on
/// llvmpipe (headless EGL, surfaceless), as it does unchanged on a real GPU.
final class GPUCheckToolTests: XCTestCase {
    private func runTool(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", repositoryRoot.appendingPathComponent("tools/gpu-check").path] + arguments
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("gpu-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let outURL = base.appendingPathExtension("out"), errURL = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
        p.standardOutput = try FileHandle(forWritingTo: outURL)
        p.standardError = try FileHandle(forWritingTo: errURL)
        try p.run()
        p.waitUntilExit()
        return (p.terminationStatus, try String(contentsOf: outURL, encoding: .utf8), try String(contentsOf: errURL, encoding: .utf8))
    }

    func testQuickModeNamesTheDriverChecksTheBoundAndBenches() throws {
        let halo = try haloExecutable().path
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("gpu-check-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let r = try runTool(["--quick", "--halo", halo, "--json", json.path])
        XCTAssertEqual(r.status, 0, "stdout:\n\(r.out)\nstderr:\n\(r.err)")
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let driver = try XCTUnwrap(report["driver"] as? [String: Any])
        // The driver's own names, from the context halo made (not blanks).
        for key in ["gl_vendor", "renderer", "gl_version", "egl_platform", "device"] {
            let v = driver[key] as? String ?? ""
            XCTAssertFalse(v.isEmpty, "\(key) missing in \(driver)")
        }
        XCTAssertTrue(["surfaceless", "device"].contains(driver["egl_platform"] as? String ?? ""))
        // The two quick scenes, both checked and both within their bound.
        let accuracy = try XCTUnwrap(report["accuracy"] as? [String: Any])
        XCTAssertEqual(accuracy["images"] as? Int, 2)
        XCTAssertEqual(accuracy["passed"] as? Bool, true)
        XCTAssertTrue(r.out.contains("conformance/case-b21-glow-white  pass"), r.out)
        // Two bench rows, each with a frame time, a GPU timer figure and its glow passes.
        let rows = try XCTUnwrap(report["bench"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["scene"] as? String }, ["button.json", "layers-0010.json"])
        for row in rows {
            XCTAssertGreaterThan(row["frame_ms"] as? Double ?? 0, 0)
            XCTAssertGreaterThan(row["gpu_timer_ms"] as? Double ?? 0, 0, "no GL_TIME_ELAPSED figure: \(row)")
            XCTAssertGreaterThan(row["glow_ms"] as? Double ?? 0, 0, "the glowing scenes' glow passes: \(row)")
            XCTAssertGreaterThan(row["draws"] as? Int ?? 0, 0, "no draw calls counted: \(row)")
            XCTAssertGreaterThan(row["programs"] as? Int ?? 0, 0, "no programs counted: \(row)")
            XCTAssertLessThanOrEqual(row["plan_ms"] as? Double ?? .infinity, row["frame_ms"] as? Double ?? 0, "plan_ms past the frame: \(row)")
        }
        // General against specialised programs: the button, alternating, two rounds; general
        // programs are fewer (each serves every tile class of its layer structure).
        let programs = try XCTUnwrap(report["programs"] as? [[String: Any]])
        XCTAssertEqual(programs.map { $0["programs_mode"] as? String }, ["general", "specialised", "general", "specialised"])
        for row in programs { XCTAssertGreaterThan(row["frame_ms"] as? Double ?? 0, 0) }
        XCTAssertLessThan(programs[0]["programs"] as? Int ?? .max, programs[1]["programs"] as? Int ?? 0, "\(programs)")
    }

    func testHaloEGLPlatformChoosesThePlatformOrSaysWhyNot() throws {
        let scene = repositoryRoot.appendingPathComponent("tools/bench-scenes/button.json").path
        let args = ["bench", scene, "--size", "32x32", "--frames", "1", "--warmup", "0", "--json"]
        let ok = try runHalo(args, environment: ["HALO_EGL_PLATFORM": "surfaceless"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("\"egl_platform\": \"surfaceless\""), ok.stdout)
        let bad = try runHalo(args, environment: ["HALO_EGL_PLATFORM": "wayland"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("HALO_EGL_PLATFORM: expected surfaceless or device, found wayland"), bad.stderr)
    }

    func testBadUsageExitsTwoWithoutRunning() throws {
        let r = try runTool(["--frames", "0", "--halo", "/nonexistent"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.err.contains("--frames: expected a number >= 1, found 0"), r.err)
    }
}
