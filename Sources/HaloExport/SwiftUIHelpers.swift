import Foundation

/// The helper declarations an exported SwiftUI file may need (the motion formulas of
/// ``SwiftUIMotion``, the keyframe tracks of ``SwiftUIKeyframes``, the clock that runs the
/// animations), of which a file carries only those it uses: those its drawing names, and
/// those they name in turn.
enum SwiftUIHelpers {
    /// Each helper's name and source, in the order a file writes them.
    static let all: [(name: String, source: String)] = split(SwiftUIMotion.source) + split(SwiftUIKeyframes.source) + [("HaloClock", clock)]

    /// The clock: seconds since the view appeared, through `TimelineView(.animation)`, and 0
    /// while Reduce Motion is on.
    static let clock = """
    // The animations' clock: seconds since the view appeared, 0 while Reduce Motion is on.
    private struct HaloClock<Content: View>: View {
        @Environment(\\.accessibilityReduceMotion) private var reduceMotion
        @State private var start = Date()
        private let content: (Double) -> Content

        init(@ViewBuilder content: @escaping (Double) -> Content) { self.content = content }

        var body: some View {
            TimelineView(.animation) { context in
                content(reduceMotion ? 0 : context.date.timeIntervalSince(start))
            }
        }
    }
    """

    /// `source`'s declarations, one a blank-line-separated block, each named by its `func`.
    static func split(_ source: String) -> [(name: String, source: String)] {
        source.components(separatedBy: "\n\n").compactMap { block in
            guard let r = block.range(of: #"func \w+"#, options: .regularExpression) else { return nil }
            return (String(block[r].dropFirst(5)), block)
        }
    }

    /// The source of the helpers `text` uses, directly or through one another, in catalogue order.
    static func source(for text: String) -> String {
        var used: Set<String> = []
        var pending = [text]
        while let t = pending.popLast() {
            for h in all where !used.contains(h.name) && t.range(of: "\\b\(h.name)\\b", options: .regularExpression) != nil {
                used.insert(h.name)
                pending.append(h.source)
            }
        }
        return all.filter { used.contains($0.name) }.map(\.source).joined(separator: "\n\n")
    }
}
