import Foundation
import Halo
import HaloTesting

/// The JUnit XML and HTML reports of a `halo test` run.
enum TestReports {
    /// The run's JUnit XML report (``JUnitReport``): one `<testsuite>` for DIR, one
    /// `<testcase>` per image; its properties the backend, the record mode and the shard.
    static func junit(_ run: TestRun, seconds: Double) -> String {
        var properties = [("backend", run.options.backend.rawValue), ("record", run.options.record.rawValue)]
        if let shard = run.options.shard { properties.append(("shard", shard.description)) }
        let suite = JUnitReport.Suite(name: run.directory, properties: properties, seconds: seconds, cases: run.cases.map(junitCase))
        return JUnitReport(suites: [suite]).xml()
    }

    /// A case as a JUnit `<testcase>`: classname "halo" plus the scene's folder, dotted.
    private static func junitCase(_ c: TestRun.Case) -> JUnitReport.Case {
        let outcome: JUnitReport.Outcome
        if let e = c.error {
            outcome = .error(e)
        } else if let r = c.result, r.outcome == .recorded {
            outcome = .recorded(r.message)
        } else if let r = c.result, !r.passed {
            outcome = .failure(reason: r.failureReason ?? "failed", message: r.message,
                               attachments: [r.artifacts?.actual, r.artifacts?.expected, r.artifacts?.diff].compactMap { $0 })
        } else {
            outcome = .passed
        }
        let classname = c.name.lastIndex(of: "/").map { "halo." + c.name[..<$0].replacingOccurrences(of: "/", with: ".") } ?? "halo"
        return JUnitReport.Case(classname: classname, name: c.name, file: c.sceneFile, seconds: c.result?.renderSeconds ?? 0, outcome: outcome)
    }

    /// One self-contained page: a summary, then for every image (failures and errors
    /// first) its verdict, measurements and expected / actual / diff side by side,
    /// each a PNG inlined as a data: URL and drawn with square pixels.
    static func html(_ run: TestRun) -> String {
        var s = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>halo test: \(xml(run.directory))</title>
        <style>
        \(style)
        </style>
        <script>\(reviewScript)</script></head><body>
        <h1>halo test: \(xml(run.directory))</h1>

        """
        let failed = run.cases.filter(\.failed).count
        s += "<p class=\"summary\">\(run.cases.count) images: \(run.count("pass")) passed, \(failed) failed or errors, \(run.count("new") + run.count("recorded")) recorded · backend \(run.options.backend.rawValue) · record \(run.options.record.rawValue)</p>\n"
        for c in run.reportOrder {
            let cls = c.error != nil ? "error" : c.failed ? "fail" : (c.status == "new" || c.status == "recorded") ? "new" : "pass"
            s += "<section class=\"\(cls)\"><h2><span class=\"status\">\(c.status)</span>\(xml(c.name))</h2>\n"
            var meta = ["scene \(c.sceneFile)", "reference \(c.reference)", "tolerance \(c.tolerance)"]
            if let t = c.time { meta.append("time \(ReferenceTest.timeSuffix(t)) s") }
            if let cmp = c.result?.comparison {
                meta.append("max difference \(DiffCommand.levels(cmp.maxDifference))")
                meta.append("\(cmp.pixelsOver[0] ?? 0) pixels differ, \(c.pixelsOverTolerance ?? 0) over \(c.tolerance.maxDifference.upperBound)")
            }
            if let r = c.result { meta.append(String(format: "%.1f ms", r.renderSeconds * 1000)) }
            s += "<p class=\"meta\">\(xml(meta.joined(separator: " · ")))</p>\n"
            if let e = c.error {
                s += "<p class=\"reason\">\(xml(e))</p></section>\n"
                continue
            }
            guard let r = c.result else { s += "</section>\n"; continue }
            if let reason = r.failureReason { s += "<p class=\"reason\">\(xml(reason))</p>\n" }
            let diff = r.expected.flatMap { e in r.comparison.map { $0.heatMap(over: e) } }
            let scale = max(1, min(4, 240 / max(1, r.actual.width)))
            s += "<div class=\"images\">"
            s += figure("expected", r.expected, scale)
            s += figure("actual", r.actual, scale)
            s += figure("diff", diff, scale)
            s += "</div>"
            if c.failed, let e = r.expected, e.width == r.actual.width, e.height == r.actual.height,
               let ed = pngData(e), let ad = pngData(r.actual), let dd = diff.flatMap(pngData) {
                // The review viewer (reviewScript): swipe, onion skin, blink, heat map, zoom, readout.
                s += "<div class=\"viewer\" data-w=\"\(e.width)\" data-h=\"\(e.height)\" data-expected=\"data:image/png;base64,\(ed.base64EncodedString())\" "
                    + "data-actual=\"data:image/png;base64,\(ad.base64EncodedString())\" data-diff=\"data:image/png;base64,\(dd.base64EncodedString())\"></div>"
            }
            s += "</section>\n"
        }
        s += "</body></html>\n"
        return s
    }

    /// The pages' stylesheet (the run's page and the merged summary).
    static let style = """
    body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; background: #f6f6f8; color: #1d1d1f; }
    h1 { font-size: 20px; margin: 0 0 4px; } .summary { margin: 0 0 20px; color: #555; }
    section { background: #fff; border-radius: 10px; padding: 12px 16px; margin: 0 0 14px; box-shadow: 0 1px 3px #0002; border-left: 6px solid #34c759; }
    section.fail { border-left-color: #ff3b30; } section.error { border-left-color: #af52de; } section.new { border-left-color: #007aff; }
    h2 { font-size: 15px; margin: 0 0 2px; font-family: ui-monospace, monospace; } .status { font-weight: 600; margin-right: 8px; }
    .fail .status { color: #d70015; } .meta { color: #555; margin: 0 0 8px; } .reason { color: #d70015; margin: 0 0 8px; white-space: pre-wrap; }
    .images { display: flex; gap: 16px; flex-wrap: wrap; } figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
    img, canvas { image-rendering: pixelated; border: 1px solid #ccc; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
    .viewer { margin: 10px 0 0; } .viewer .bar { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 0 0 6px; }
    .viewer button { font: inherit; padding: 2px 10px; border: 1px solid #bbb; border-radius: 6px; background: #fff; cursor: pointer; }
    .viewer button[aria-pressed=true] { background: #1d1d1f; color: #fff; } .viewer output { font-family: ui-monospace, monospace; font-size: 12px; }
    .viewer .stage { overflow: auto; max-width: 100%; } .viewer canvas { cursor: crosshair; }
    """

    /// The review viewer's script (inline, no network; under 20 KB): for each failing
    /// image, views that switch (swipe, onion skin, blink, the diff heat map), 1x to 8x
    /// zoom, and a readout of both images' RGBA under the cursor. `window.haloReview`
    /// lets a test drive it from the browser (the Chromium test in TestReportBrowserTests).
    static let reviewScript = #"""
    "use strict";
    (function () {
      const views = [];
      function load(src) { return new Promise((ok) => { const i = new Image(); i.onload = () => ok(i); i.src = src; }); }
      function pixels(img) {
        const c = document.createElement("canvas"); c.width = img.width; c.height = img.height;
        const g = c.getContext("2d"); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data;
      }
      async function setup(el) {
        const w = +el.dataset.w, h = +el.dataset.h;
        const [e, a, d] = await Promise.all([load(el.dataset.expected), load(el.dataset.actual), load(el.dataset.diff)]);
        const v = { el, w, h, e, a, d, ep: pixels(e), ap: pixels(a), mode: "swipe", zoom: Math.max(1, Math.min(8, Math.floor(480 / w))),
                    split: 0.5, alpha: 0.5, blinkOn: false, timer: 0 };
        const bar = document.createElement("div"); bar.className = "bar";
        for (const m of ["swipe", "onion", "blink", "diff"]) {
          const b = document.createElement("button"); b.textContent = m; b.dataset.mode = m;
          b.onclick = () => setMode(v, m); bar.appendChild(b);
        }
        const zoom = document.createElement("select");
        for (const z of [1, 2, 4, 8]) { const o = document.createElement("option"); o.value = z; o.textContent = z + "x"; zoom.appendChild(o); }
        zoom.value = String([1, 2, 4, 8].filter((z) => z <= v.zoom).pop() || 1); v.zoom = +zoom.value;
        zoom.onchange = () => { v.zoom = +zoom.value; draw(v); };
        const slider = document.createElement("input"); slider.type = "range"; slider.min = 0; slider.max = 100; slider.value = 50;
        slider.oninput = () => { v.split = v.alpha = slider.value / 100; draw(v); };
        const out = document.createElement("output"); out.textContent = "move over the image for both images' RGBA";
        const note = document.createElement("span"); note.textContent = "swipe: actual left of the line, expected right; onion: actual over expected at the slider's opacity";
        note.style.cssText = "color:#777;font-size:12px";
        bar.append(zoom, slider, out, note);
        const stage = document.createElement("div"); stage.className = "stage";
        const canvas = document.createElement("canvas"); stage.appendChild(canvas);
        canvas.onmousemove = (ev) => {
          const r = canvas.getBoundingClientRect();
          show(v, Math.floor((ev.clientX - r.left) / v.zoom), Math.floor((ev.clientY - r.top) / v.zoom));
        };
        el.append(bar, stage);
        Object.assign(v, { bar, canvas, out, slider });
        views.push(v);
        setMode(v, "swipe");
      }
      function setMode(v, m) {
        v.mode = m; v.el.dataset.mode = m;
        for (const b of v.bar.querySelectorAll("button")) b.setAttribute("aria-pressed", b.dataset.mode === m ? "true" : "false");
        clearInterval(v.timer);
        if (m === "blink") v.timer = setInterval(() => { v.blinkOn = !v.blinkOn; draw(v); }, 500);
        draw(v);
      }
      function draw(v) {
        const c = v.canvas, z = v.zoom, W = v.w * z, H = v.h * z;
        c.width = W; c.height = H;
        const g = c.getContext("2d"); g.imageSmoothingEnabled = false;
        if (v.mode === "diff") { g.drawImage(v.d, 0, 0, W, H); return; }
        if (v.mode === "blink") { g.drawImage(v.blinkOn ? v.a : v.e, 0, 0, W, H); return; }
        g.drawImage(v.e, 0, 0, W, H);
        if (v.mode === "onion") { g.globalAlpha = v.alpha; g.drawImage(v.a, 0, 0, W, H); g.globalAlpha = 1; return; }
        const sx = Math.round(v.w * v.split);
        if (sx > 0) g.drawImage(v.a, 0, 0, sx, v.h, 0, 0, sx * z, H);
        g.fillStyle = "#ff3b30"; g.fillRect(sx * z, 0, 1, H);
      }
      function rgba(p, i) { return "(" + p[i] + ", " + p[i + 1] + ", " + p[i + 2] + ", " + p[i + 3] + ")"; }
      function show(v, x, y) {
        if (x < 0 || y < 0 || x >= v.w || y >= v.h) return "";
        const i = (y * v.w + x) * 4;
        v.out.textContent = "x " + x + ", y " + y + ": expected " + rgba(v.ep, i) + " actual " + rgba(v.ap, i);
        return v.out.textContent;
      }
      window.haloReview = {
        ready: null, views,
        mode: (n, m) => { setMode(views[n], m); return views[n].el.dataset.mode; },
        readout: (n, x, y) => show(views[n], x, y),
        zoom: (n, z) => { views[n].zoom = z; draw(views[n]); return views[n].canvas.width / views[n].w; },
      };
      document.addEventListener("DOMContentLoaded", () => {
        window.haloReview.ready = Promise.all([...document.querySelectorAll(".viewer")].map(setup)).then(() => {
          // #selftest=X,Y: the browser test's checks, written into the page for --dump-dom.
          const m = /selftest=(\d+),(\d+)/.exec(location.hash);
          if (!m) return;
          const r = window.haloReview, out = {};
          out.first = document.querySelector("section h2").textContent;
          out.modes = ["onion", "blink", "diff", "swipe"].map((k) => r.mode(0, k));
          out.pressed = views[0].bar.querySelector("button[aria-pressed=true]").dataset.mode;
          out.zoom = r.zoom(0, 8);
          out.readout = r.readout(0, +m[1], +m[2]);
          const pre = document.createElement("pre"); pre.id = "selftest"; pre.textContent = JSON.stringify(out);
          document.body.appendChild(pre);
        });
      });
    })();
    """#

    private static func figure(_ caption: String, _ image: RGBA8Image?, _ scale: Int) -> String {
        guard let image, let data = pngData(image) else {
            return "<figure><figcaption>\(caption): none</figcaption></figure>"
        }
        return "<figure><img alt=\"\(caption)\" width=\"\(image.width * scale)\" height=\"\(image.height * scale)\" "
            + "src=\"data:image/png;base64,\(data.base64EncodedString())\"><figcaption>\(caption) (\(image.width)x\(image.height))</figcaption></figure>"
    }

    /// The PNG bytes of an image (written through libpng to a temporary file).
    private static func pngData(_ image: RGBA8Image) -> Data? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("halo-report-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).png").path
        defer { unlink(path) }
        guard (try? PNG.write(image, to: path)) != nil else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// Text escaped for XML and HTML (``JUnitReport/escape(_:)``).
    static func xml(_ s: String) -> String { JUnitReport.escape(s) }

    /// Writes a report (`--junit`, `--html`) atomically, making its folder first when
    /// missing; false (the reason printed) when it cannot be written.
    static func write(_ text: String, to path: String) -> Bool {
        do {
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            printError("halo test: cannot write \(path): cannot make its folder: \(error.localizedDescription)")
            return false
        }
        do {
            try AtomicFile.write(text, to: path)
            return true
        } catch {
            printError("halo test: \(error)")
            return false
        }
    }
}
