import Foundation
import HaloCore

// The decoder's libFuzzer target. Every input must either decode into a
// scene that resolves into a frame, or be refused with a SceneError whose message
// names what was expected and found; anything else (a crash, a trap, another
// error type, an empty message) stops the fuzzer with the input saved.
//
// Built two ways:
//   tools/fuzz            swift build -Xswiftc -sanitize=fuzzer -Xswiftc -DHALO_FUZZ:
//                         libFuzzer's main drives LLVMFuzzerTestOneInput.
//   swift build (plain)   a replay tool: `halo-fuzz-decoder FILE...` runs each file
//                         through the same check (to reproduce a crash the fuzzer saved).

/// Checks one input; traps when the decoder breaks its contract.
func checkDecoder(_ bytes: UnsafeRawBufferPointer) {
    let data = Data(bytes)
    do {
        let scene = try SceneDecoder.decode(data, file: "fuzz.json")
        // Resolve at two times: per-frame maths (ramps, radii, animation) must not trap.
        _ = Frame(scene, time: 0)
        _ = Frame(scene, time: 1.75)
    } catch let error as SceneError {
        // Compared as UTF-8 bytes: a key that starts with a combining mark joins the
        // space before it into one Character, which String.hasPrefix would not match.
        let message = error.description
        let bytes = Array(message.utf8)
        func has(_ part: String) -> Bool {
            let p = Array(part.utf8)
            return bytes.count >= p.count && (0...(bytes.count - p.count)).contains { bytes[$0..<($0 + p.count)].elementsEqual(p) }
        }
        guard bytes.starts(with: Array("fuzz.json: ".utf8)), has("expected "), has(", found "),
              !error.expected.isEmpty, !error.found.isEmpty else {
            fatalError("a refusal without a proper message: \(message)")
        }
    } catch {
        fatalError("not a SceneError: \(error)")
    }
}

#if HALO_FUZZ
// libFuzzer's entry (LLVM 11+): parses its options and calls back once per input.
// SwiftPM links an executable's entry point as `main`, so the driver is started from
// it rather than from libFuzzer's own main.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@main
struct DecoderFuzzer {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in
            checkDecoder(UnsafeRawBufferPointer(start: data, count: count))
            return 0
        })
    }
}
#else
@main
struct DecoderReplay {
    static func main() {
        let files = CommandLine.arguments.dropFirst()
        if files.isEmpty || files.contains("--help") || files.contains("-h") {
            print("usage: halo-fuzz-decoder FILE...  (runs each file through the decoder's fuzz check; tools/fuzz fuzzes)")
            exit(files.isEmpty ? 2 : 0)
        }
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("halo-fuzz-decoder: cannot read \(path)\n".utf8))
                exit(2)
            }
            data.withUnsafeBytes { checkDecoder($0) }
            print("\(path): ok")
        }
    }
}
#endif
