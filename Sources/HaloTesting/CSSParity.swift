import Foundation
import Halo
import HaloExport

/// How closely Chromium draws a scene's HTML export (``CSSExporter``) compared with the
/// scene's exact image, by `halo diff`'s measures and FLIP (docs/code-export.md).
///
/// Many exports share one page, each in its own clipped, isolated box at its size in
/// pixels (`zoom` = the canvas's scale), so one Chromium launch (about 1 to 2 s) measures
/// them all; the screenshot is cropped box by box.
public enum CSSParity {
    /// One scene at one time, and its exact image there.
    public struct Case: Sendable {
        public var name: String
        public var scene: Scene
        /// The time exported (`--time`) and drawn.
        public var time: Double
        /// The exact image at `time`.
        public var exact: RGBA8Image
        /// Custom properties set on the export's scene element by a script after it loads
        /// (`el.style.setProperty('--NAME', VALUE)`), by NAME.
        public var properties: [String: String]
        /// Attributes set there (`el.setAttribute('data-NAME', VALUE)`), by NAME.
        public var attributes: [String: String]
        public init(name: String, scene: Scene, time: Double, exact: RGBA8Image,
                    properties: [String: String] = [:], attributes: [String: String] = [:]) {
            self.name = name; self.scene = scene; self.time = time; self.exact = exact
            self.properties = properties; self.attributes = attributes
        }
    }

    /// A case's figures: the largest channel difference (0...255), the share of pixels off
    /// by more than 2 levels (percent), and the mean FLIP error (0...1).
    public struct Figures: Sendable, Equatable {
        public var name: String
        public var time: Double
        public var maxDifference: Double
        public var percentOver2: Double
        public var flip: Double
        public init(name: String, time: Double, maxDifference: Double, percentOver2: Double, flip: Double) {
            self.name = name; self.time = time; self.maxDifference = maxDifference; self.percentOver2 = percentOver2; self.flip = flip
        }
    }

    /// Chromium's command-line flags for a deterministic screenshot: one device pixel a CSS
    /// pixel, sRGB output, software raster, grey-scale anti-aliasing, unhinted fonts, a
    /// transparent page.
    public static let chromiumFlags = [
        "--headless=new", "--force-device-scale-factor=1", "--force-color-profile=srgb", "--disable-gpu",
        "--disable-lcd-text", "--font-render-hinting=none", "--hide-scrollbars", "--default-background-color=00000000",
        "--no-sandbox", "--no-first-run", "--disable-extensions", "--mute-audio",
    ]

    /// The Chromium binary: `$HALO_CHROMIUM`, else Debian's /usr/bin/chromium.
    public static var chromium: String { ProcessInfo.processInfo.environment["HALO_CHROMIUM"] ?? "/usr/bin/chromium" }

    /// Gap between boxes, pixels: room for Chromium's blur edge modes not to reach a neighbour.
    static let gap = 24

    /// Exports every case, screenshots them in one page with Chromium, and measures each.
    /// - Parameter folder: where the page and the screenshot are written (kept for inspection);
    ///   each crop is written there as NAME@TIME.png.
    /// - Throws: when an export fails or Chromium writes no screenshot.
    public static func measure(_ cases: [Case], folder: String) throws -> [Figures] {
        var boxes: [(x: Int, y: Int, w: Int, h: Int)] = []
        var x = gap, y = gap, rowHeight = 0, pageWidth = 0
        let maxWidth = 3200
        for c in cases {
            let w = c.exact.width, h = c.exact.height
            if x + w + gap > maxWidth && x > gap { x = gap; y += rowHeight + gap; rowHeight = 0 }
            boxes.append((x, y, w, h))
            x += w + gap; rowHeight = max(rowHeight, h); pageWidth = max(pageWidth, x)
        }
        // Headless Chromium screenshots a window of 88 x 88 pixels blank: a small page gets a
        // window of at least 640 x 480 (measured 2026-12-07; the boxes are cropped from it).
        let pageHeight = y + rowHeight + gap
        var css = "html, body { margin: 0; padding: 0; background: transparent; }\n"
        var body = "", script = ""
        func js(_ s: String) -> String { "'" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'" }
        for (i, c) in cases.enumerated() {
            if !c.properties.isEmpty || !c.attributes.isEmpty {
                script += "el = document.querySelector('.s\(i)-scene');\n"
                for (k, v) in c.properties.sorted(by: { $0.key < $1.key }) { script += "el.style.setProperty(\(js("--" + k)), \(js(v)));\n" }
                for (k, v) in c.attributes.sorted(by: { $0.key < $1.key }) { script += "el.setAttribute(\(js("data-" + k)), \(js(v)));\n" }
            }
            let f = try CSSExporter(scene: c.scene, frozenAt: c.time, prefix: "s\(i)-").fragment()
            css += f.css + "\n"
            let b = boxes[i]
            body += "<div style=\"position: absolute; left: \(b.x)px; top: \(b.y)px; width: \(b.w)px; height: \(b.h)px; "
                + "overflow: hidden; isolation: isolate\"><div style=\"zoom: \(c.scene.canvas.scale)\">\(f.html)</div></div>\n"
        }
        if !script.isEmpty { body += "<script>\nlet el;\n\(script)</script>\n" }
        let page = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>\n\(css)</style></head><body>\n\(body)</body></html>\n"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let pagePath = (folder as NSString).appendingPathComponent("page.html")
        let shotPath = (folder as NSString).appendingPathComponent("screenshot.png")
        try AtomicFile.write(page, to: pagePath)
        try? FileManager.default.removeItem(atPath: shotPath)
        let profile = (folder as NSString).appendingPathComponent("profile")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: chromium)
        p.arguments = chromiumFlags + ["--user-data-dir=\(profile)", "--screenshot=\(shotPath)",
                                       "--window-size=\(max(pageWidth, 640)),\(max(pageHeight, 480))", URL(fileURLWithPath: pagePath).absoluteString]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        let shot = try PNG.read(shotPath)
        let results = ResultSlots<Figures>(count: cases.count)
        let placed = boxes
        DispatchQueue.concurrentPerform(iterations: cases.count) { i in
            let c = cases[i], b = placed[i]
            let crop = shot.cropped(x: b.x, y: b.y, width: b.w, height: b.h)
            try? PNG.write(crop, to: (folder as NSString).appendingPathComponent("\(c.name)@\(ExportTextFormat.num(c.time)).png"))
            let cmp = ImageComparison(c.exact, crop)!
            results.set(i, Figures(name: c.name, time: c.time, maxDifference: cmp.maxDifference, percentOver2: cmp.percentOver(2),
                                   flip: FLIP.mean(c.exact, crop)))
        }
        return results.values
    }
}

/// Numbers as the parity table writes them.
public enum ExportTextFormat {
    /// `x` with at most 4 decimals, trailing zeros dropped.
    public static func num(_ x: Double) -> String {
        var s = String(format: "%.4f", x)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}

extension RGBA8Image {
    /// The rectangle (x, y, width, height) of the image, pixels outside it clear.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBA8Image {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for j in 0..<height where y + j < self.height {
            for i in 0..<width where x + i < self.width {
                for c in 0..<4 { px[(j * width + i) * 4 + c] = pixels[((y + j) * self.width + x + i) * 4 + c] }
            }
        }
        return RGBA8Image(width: width, height: height, pixels: px)
    }
}

extension CSSParity {
    /// The second time each scene is measured at: its own time plus this (seconds), a moment
    /// with every motion of the repository's scenes part-way through a cycle.
    public static let secondTimeOffset = 1.3

    /// The repository's scenes, each at its own time (against the checker's exact image, or
    /// the examples' in Tests/Fixtures/exact) and 1.3 s later (against the CPU reference's
    /// exact image): the examples, the checker's scenes and its landed next/ scenes, in that
    /// order, named as their files. `only` keeps the names it lists.
    /// - Throws: when a scene or an exact image cannot be read or drawn.
    /// - Parameter bothTimes: false: each scene at its own time only (the fixtures' exact
    ///   images, no rendering: what the test suite measures).
    public static func repositoryCases(root: String, only: Set<String>? = nil, bothTimes: Bool = true) throws -> [Case] {
        let fm = FileManager.default
        func path(_ p: String) -> String { (root as NSString).appendingPathComponent(p) }
        var sources: [(name: String, scene: String, exact: String)] = []
        for f in try fm.contentsOfDirectory(atPath: path("Examples")).sorted() where f.hasSuffix(".json") {
            let name = String(f.dropLast(5))
            sources.append((name, path("Examples/\(f)"), path("Tests/Fixtures/exact/\(name).png")))
        }
        let conf = "Tests/Fixtures/conformance"
        for f in try fm.contentsOfDirectory(atPath: path("\(conf)/scenes")).sorted() where f.hasSuffix(".json") {
            let name = String(f.dropLast(5))
            sources.append((name, path("\(conf)/scenes/\(f)"), path("\(conf)/exact/\(name).png")))
        }
        let landed = try String(contentsOfFile: path("\(conf)/LANDED"), encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        for name in landed {
            sources.append((name, path("\(conf)/scenes/next/\(name).json"), path("\(conf)/exact/next/\(name).png")))
        }
        var cases: [Case] = []
        for s in sources where only?.contains(s.name) ?? true {
            let (scene, background) = try Halo.load(s.scene)
            let t0 = scene.time
            cases.append(Case(name: s.name, scene: scene, time: t0, exact: try PNG.read(s.exact)))
            if !bothTimes { continue }
            let t1 = t0 + secondTimeOffset
            let exact = try Halo.render(scene, background: background, time: t1, backend: .cpu)
            cases.append(Case(name: s.name, scene: scene, time: t1, exact: exact))
        }
        return cases
    }

    /// Figures as the recorded file holds them: a header, then NAME, TIME, MAX, OVER2 (%), FLIP,
    /// tab-separated, each rounded up (max to 1e-4, the share to 0.01 %, FLIP to 1e-4), so that
    /// a figure measured again on the same machine is never above its record.
    public static func table(_ figures: [Figures]) -> String {
        func up(_ x: Double, _ unit: Double) -> Double { max(0, (x / unit - 1e-9).rounded(.up) * unit) + 0 }
        return "# scene\ttime\tmax\tover2%\tflip\n" + figures.map {
            "\($0.name)\t\(ExportTextFormat.num($0.time))\t\(ExportTextFormat.num(up($0.maxDifference, 1e-4)))\t"
                + "\(String(format: "%.2f", up($0.percentOver2, 0.01)))\t\(String(format: "%.4f", up($0.flip, 1e-4)))"
        }.joined(separator: "\n") + "\n"
    }

    /// Reads a file written by ``table(_:)``.
    public static func readTable(_ text: String) -> [Figures] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 5, let t = Double(f[1]), let m = Double(f[2]), let o = Double(f[3]), let fl = Double(f[4]) else { return nil }
            return Figures(name: f[0], time: t, maxDifference: m, percentOver2: o, flip: fl)
        }
    }
}

/// One result per index, filled from concurrent work (`DispatchQueue.concurrentPerform`).
public final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()
    /// `count` empty slots.
    public init(count: Int) { slots = Array(repeating: nil, count: count) }
    /// Fills slot `i` (from any thread).
    public func set(_ i: Int, _ v: T) { lock.lock(); slots[i] = v; lock.unlock() }
    /// Every slot's value, in index order; every slot must have been set.
    public var values: [T] { slots.map { $0! } }
}
