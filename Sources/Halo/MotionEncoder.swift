import Foundation
import HaloCore

/// The files a motion is exported as (`halo render --loop -o OUT`, the preview's R key).
public enum MotionFormat: String, Sendable {
    /// Numbered PNGs (a name with %04d), written by Halo itself.
    case pngSequence = "png"
    case mp4, webm, gif, apng

    /// A PNG sequence's frame name: `pattern` with its `%d`, `%4d` or `%04d` replaced by
    /// `number` (zero-padded to the width given); every other character is literal. Nil when
    /// the pattern has no such field, or more than one.
    public static func frameName(_ pattern: String, _ number: Int) -> String? {
        // One frame-number field: with two, every frame would write the second's literal text.
        guard let r = pattern.range(of: #"%0?[0-9]*d"#, options: .regularExpression),
              pattern[r.upperBound...].range(of: #"%0?[0-9]*d"#, options: .regularExpression) == nil else { return nil }
        let field = pattern[r].dropFirst().dropLast()
        let width = Int(field) ?? 0
        let digits = String(number)
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return pattern.replacingCharacters(in: r, with: padded)
    }
}

/// An export failure with its one-line message (ffmpeg missing or failing).
public struct ExportError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// ffmpeg fed raw RGBA frames on its standard input, writing a temporary file beside the
/// output that is renamed over it when ffmpeg succeeds (removed otherwise).
public struct MotionEncoder: Sendable {
    public let out: String
    public let format: MotionFormat
    public let fps: Double

    public init(_ out: String, format: MotionFormat, fps: Double) { self.out = out; self.format = format; self.fps = fps }

    /// The ffmpeg executable on PATH.
    public static func ffmpeg() -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// ffmpeg's output options for the format.
    var outputArguments: [String] {
        switch format {
        case .mp4: return ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-movflags", "+faststart", "-f", "mp4"]
        case .webm: return ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-b:v", "0", "-crf", "24", "-auto-alt-ref", "0", "-f", "webm"]
        case .gif: return ["-filter_complex", "split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=1[p];[b][p]paletteuse=dither=sierra2_4a",
                           "-loop", "0", "-f", "gif"]
        case .apng: return ["-plays", "0", "-f", "apng"]
        case .pngSequence: return []
        }
    }

    /// Renders the frame of each time with `render` and pipes it to ffmpeg, calling
    /// `onFrame` after each. ffmpeg runs in its own process group (a terminal's Ctrl-C
    /// reaches halo only) and is registered with ``Interruption``, as is its temporary
    /// file: a signal kills and reaps it and removes the file.
    /// - Throws: ``ExportError`` when ffmpeg is missing or fails, or what `render` throws;
    ///   nothing is left at `out` then.
    public func encode(_ times: [Double], render: (Double) throws -> RGBA8Image, onFrame: () -> Void = {}) throws {
        guard let ffmpeg = MotionEncoder.ffmpeg() else {
            throw ExportError("ffmpeg is not installed (Debian package ffmpeg; tools/setup-debian installs it): \(out) not written")
        }
        let first = try render(times[0])
        let url = URL(fileURLWithPath: out)
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        let arguments = [ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                         "-s", "\(first.width)x\(first.height)", "-framerate", String(format: "%.6f", fps), "-i", "pipe:0"]
            + outputArguments + [temp]
        let child = try Interruption.critical {
            Interruption.register(file: temp)
            let c = try ChildProcess(arguments)
            Interruption.register(child: c.pid)
            return c
        }
        signal(SIGPIPE, SIG_IGN)   // a write to an ended ffmpeg fails with EPIPE instead
        var failure: Error?
        do {
            for (i, t) in times.enumerated() {
                let image = i == 0 ? first : try render(t)
                // ffmpeg gone (EPIPE): its exit status says why.
                guard image.pixels.withUnsafeBytes({ child.write($0) }) else { break }
                onFrame()
            }
        } catch { failure = error }
        child.closeInput()
        let status = Interruption.reap(child: child.pid)
        let messages = child.errorText()
        if failure == nil && status != 0 {
            let last = messages.split(separator: "\n").last.map(String.init) ?? "no message"
            let how = (status & 0x7f) == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
            failure = ExportError("ffmpeg failed (\(how)): \(last): \(out) not written")
        }
        try Interruption.critical {
            defer { Interruption.forget(file: temp) }
            if let failure {
                unlink(temp)
                throw failure
            }
            if rename(temp, out) != 0 {
                unlink(temp)
                throw ExportError("cannot write \(out): \(String(cString: strerror(errno)))")
            }
        }
    }
}
