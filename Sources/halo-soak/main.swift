import Foundation
import Halo

// halo-soak: renders one scene many times with each backend in one process and
// reports resident memory (VmRSS) at the start and end of each run. A leak of a
// few kilobytes a frame shows as growth over 10 000 frames; growth over 5% fails.
// Run through tools/soak (release build). Not part of CI: it takes long.

let help = """
USAGE: halo-soak [--frames N] [--backend gpu|cpu|both] [--scene SCENE.json] [--every K] [--warmup W]

Renders SCENE (default Examples/gradient-border-button.json) N times (default
10000) with each backend, the time advancing 1/60 s a frame, and prints the
resident memory after the first frame, after W warm-up frames ("start", default
100: the CPU renderer's worker threads each fill a malloc arena over the first
few dozen frames, +60% once, then flat), every K frames (default 1000) and after
the last ("end").

EXIT STATUS: 0 memory flat (end <= start + 5%) for every backend; 1 it grew, or a
frame failed; 2 bad input.
"""

/// Resident set size in KiB, from /proc/self/status (VmRSS).
func residentKiB() -> Int {
    guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in s.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
}

func fail(_ message: String, _ code: Int32) -> Never {
    FileHandle.standardError.write(Data("halo-soak: \(message)\n".utf8))
    exit(code)
}

var frames = 10_000, every = 1000, warmup = 100
var backends: [Backend] = [.gpu, .cpu]
var scenePath = "Examples/gradient-border-button.json"
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    if a == "-h" || a == "--help" { print(help); exit(0) }
    guard let v = args.first else { fail("\(a) needs a value (see --help)", 2) }
    args.removeFirst()
    switch a {
    case "--frames": guard let n = Int(v), n >= 1 else { fail("--frames: expected an integer >= 1, found \(v)", 2) }; frames = n
    case "--every": guard let n = Int(v), n >= 1 else { fail("--every: expected an integer >= 1, found \(v)", 2) }; every = n
    case "--warmup": guard let n = Int(v), n >= 1 else { fail("--warmup: expected an integer >= 1, found \(v)", 2) }; warmup = n
    case "--scene": scenePath = v
    case "--backend":
        switch v {
        case "both": backends = [.gpu, .cpu]
        case "gpu": backends = [.gpu]
        case "cpu": backends = [.cpu]
        default: fail("--backend: expected gpu, cpu or both, found \(v)", 2)
        }
    default: fail("unknown option \(a) (see --help)", 2)
    }
}

if warmup >= frames { fail("--warmup (\(warmup)) must be less than --frames (\(frames))", 2) }
let scene: Scene, background: RGBA8Image?
do { (scene, background) = try Halo.load(scenePath) } catch { fail("\(error)", 2) }
print("scene \(scenePath), \(scene.canvas.pixelWidth)x\(scene.canvas.pixelHeight) px, \(frames) frames a backend")

var flat = true
for backend in backends {
    var gpu: GLRenderer?
    if backend == .gpu {
        do { gpu = try GLRenderer() } catch { fail("no GPU renderer: \(error)", 1) }
        print("gpu: \(gpu!.rendererName)")
    }
    var start = 0
    var checksum = 0
    let began = Date()
    for i in 0..<frames {
        let image: RGBA8Image
        do {
            image = try Halo.render(scene, background: background, time: Double(i) / 60, backend: backend, gpu: gpu)
        } catch { fail("\(backend.rawValue) frame \(i): \(error)", 1) }
        checksum &+= Int(image.pixels[(image.pixels.count / 2) & ~3])
        let rss = residentKiB()
        if i == 0 { print("\(backend.rawValue): \(rss) KiB after frame 1") }
        if i + 1 == warmup { start = rss; print("\(backend.rawValue) start: \(rss) KiB after \(warmup) warm-up frames") }
        if i + 1 > warmup, (i + 1) % every == 0 || i + 1 == frames {
            let seconds = Date().timeIntervalSince(began)
            print(String(format: "\(backend.rawValue) frame %d: %d KiB (%+.2f%%), %.1f ms a frame",
                         i + 1, rss, 100 * Double(rss - start) / Double(start), 1000 * seconds / Double(i + 1)))
            fflush(nil)
        }
    }
    let end = residentKiB()
    let growth = 100 * Double(end - start) / Double(start)
    let ok = Double(end) <= Double(start) * 1.05
    flat = flat && ok
    print(String(format: "\(backend.rawValue): start %d KiB, end %d KiB, growth %+.2f%%", start, end, growth)
          + " (\(ok ? "flat" : "GREW")), checksum \(checksum)")
    gpu = nil
}
exit(flat ? 0 : 1)
