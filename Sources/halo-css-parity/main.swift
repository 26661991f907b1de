import Foundation
import Halo
import HaloTesting

// tools/css-parity [--out DIR] [--record FILE] [NAME...]: exports the repository's scenes
// as HTML, screenshots them in headless Chromium, and prints each one's parity with its
// exact image at two times (docs/code-export.md). Exit 0; 2 on bad input.
let usage = "usage: tools/css-parity [--out DIR] [--record FILE] [NAME...]   (run from the repository root)"
var args = Array(CommandLine.arguments.dropFirst())
var out = NSTemporaryDirectory() + "halo-css-parity"
var record: String?
var names: Set<String>?
while let a = args.first {
    args.removeFirst()
    switch a {
    case "-h", "--help": print(usage); exit(0)
    case "--out": guard let v = args.first else { printError(usage); exit(2) }; out = v; args.removeFirst()
    case "--record": guard let v = args.first else { printError(usage); exit(2) }; record = v; args.removeFirst()
    default: names = (names ?? []).union([a])
    }
}
do {
    let start = Date()
    let cases = try CSSParity.repositoryCases(root: FileManager.default.currentDirectoryPath, only: names)
    let rendered = Date()
    // Each time on a page of its own: the first is the page the test suite measures (the
    // same boxes at the same places), so its figures reproduce exactly.
    let first = try CSSParity.measure(cases.enumerated().filter { $0.offset % 2 == 0 }.map(\.element), folder: out + "/first")
    let second = try CSSParity.measure(cases.enumerated().filter { $0.offset % 2 == 1 }.map(\.element), folder: out + "/second")
    let figures = zip(first, second).flatMap { [$0, $1] } + (first.count > second.count ? [first.last!] : [])
    printError("css-parity: exact images \(String(format: "%.1f", rendered.timeIntervalSince(start))) s, export, Chromium and comparison \(String(format: "%.1f", Date().timeIntervalSince(rendered))) s")
    print("| scene | time (s) | max | > 2 | FLIP |\n|---|---|---|---|---|")
    for f in figures {
        print("| \(f.name) | \(ExportTextFormat.num(f.time)) | \(ExportTextFormat.num(f.maxDifference)) | "
              + "\(String(format: "%.2f", f.percentOver2))% | \(String(format: "%.4f", f.flip)) |")
    }
    if let record { try AtomicFile.write(CSSParity.table(figures), to: record) }
    printError("css-parity: \(figures.count) cases in \(String(format: "%.1f", Date().timeIntervalSince(start))) s; crops in \(out)")
} catch {
    printError("css-parity: \(error)")
    exit(2)
}
