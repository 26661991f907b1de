import Foundation
import XCTest
@testable import Halo

/// docs/scene-format.md "Keyframes": any number or colour of a layer may be a keyframe object, valued
/// at the drawn time; where it may not stand, and a value invalid at a time, are refused.
final class KeyframeTests: XCTestCase {
    private func decode(_ json: String) throws -> Scene {
        try SceneDecoder.decode(Data(json.utf8), file: "t.json")
    }

    /// One rect layer whose width (rect[2]) is `width` (JSON text), opacity `opacity`.
    private func scene(width: String = "40", opacity: String = "1", extra: String = "") -> String {
        #"{ "format": 1, "canvas": { "width": 100, "height": 50 }\#(extra), "layers": [ { "shape": { "type": "rect", "rect": [0, 0, \#(width), 20] }, "fill": { "type": "solid", "color": "red" }, "opacity": \#(opacity) } ] }"#
    }

    private func width(_ s: Scene, at t: Double) throws -> Double { try s.at(t).layers[0].shape.rect.w }

    private func assertRefused(_ json: String, path: String, contains: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(json), file: file, line: line) { e in
            let m = "\(e)"
            XCTAssertTrue(m.hasPrefix("t.json: \(path): expected "), m, file: file, line: line)
            XCTAssertTrue(m.contains(contains), m, file: file, line: line)
        }
    }

    func testLinearKeyframesInterpolateAndHoldBeforeAndAfter() throws {
        let s = try decode(scene(width: #"{ "keyframes": [[1, 20], [3, 60]] }"#))
        XCTAssertEqual(try width(s, at: 0), 20)       // before the first keyframe: v0
        XCTAssertEqual(try width(s, at: 2), 40)       // halfway
        XCTAssertEqual(try width(s, at: 5), 60)       // repeat none: the last value holds
        XCTAssertEqual(s.layers[0].shape.rect.w, 20, "the layers as read are the scene at t = 0")
    }

    /// delay shifts the track; loop restarts every t_last; reverse runs back, time-mirrored.
    func testDelayLoopAndReverse() throws {
        let loop = try decode(scene(width: #"{ "keyframes": [[0, 0], [2, 80]], "repeat": "loop", "delay": 1 }"#))
        XCTAssertEqual(try width(loop, at: 0.5), 0)
        XCTAssertEqual(try width(loop, at: 2), 40)    // t' = 1
        XCTAssertEqual(try width(loop, at: 4), 40)    // t' = 3 -> 1
        let reverse = try decode(scene(width: #"{ "keyframes": [[0, 0], [2, 80]], "repeat": "reverse" }"#))
        XCTAssertEqual(try width(reverse, at: 3), 40)  // u = 3 -> 4 - 3 = 1
        XCTAssertEqual(try width(reverse, at: 3.5), 20)
    }

    /// Each segment eases on its own: easeIn at progress 1/2 is the CSS curve's value there.
    func testTimingAppliesPerSegment() throws {
        let s = try decode(scene(width: #"{ "keyframes": [[0, 0], [1, 100], [2, 0]], "timing": "easeIn" }"#))
        let e = TimingFunction.easeIn(0.5)
        XCTAssertEqual(try width(s, at: 0.5), 100 * e, accuracy: 1e-9)
        XCTAssertEqual(try width(s, at: 1.5), 100 - 100 * e, accuracy: 1e-9)
    }

    /// Colours mix premultiplied: halfway from opaque red to clear is red at half alpha.
    func testColoursMixPremultiplied() throws {
        let json = #"{ "format": 1, "canvas": { "width": 10, "height": 10 }, "layers": [ { "shape": { "type": "rect", "rect": [0, 0, 5, 5] }, "fill": { "type": "solid", "color": { "keyframes": [[0, [1, 0, 0, 1]], [1, [0, 0, 1, 0]]] } } } ] }"#
        let s = try decode(json)
        guard case .solid(let c)? = try s.at(0.5).layers[0].fill?.kind else { return XCTFail("not solid") }
        XCTAssertEqual(c.r, 1, accuracy: 1e-12); XCTAssertEqual(c.b, 0, accuracy: 1e-12); XCTAssertEqual(c.a, 0.5, accuracy: 1e-12)
    }

    func testReduceMotionTakesEveryValueAtTimeZero() throws {
        var s = try decode(scene(width: #"{ "keyframes": [[0, 10], [1, 90]] }"#))
        s.reduceMotion = true
        XCTAssertEqual(try width(s, at: 0.75), 10)
        XCTAssertEqual(Frame(s, time: 0.75).layers[0].outline.halfSize.x, 5)
    }

    func testKeyframesWhereNothingMayBeAnimatedAreRefused() {
        assertRefused(scene(extra: #", "time": { "keyframes": [[0, 0], [1, 1]] }"#), path: "time", contains: "only inside layers")
        assertRefused(scene(width: "40").replacingOccurrences(of: #""type": "solid""#, with: #""type": { "keyframes": [[0, 1], [1, 2]] }"#),
                      path: "layers[0].fill.type", contains: "cannot be animated")
        assertRefused(scene(width: "40").replacingOccurrences(of: "[0, 0, 40, 20]", with: #"{ "keyframes": [[0, 1], [1, 2]] }"#),
                      path: "layers[0].shape.rect", contains: "keyframe its elements")
        let rotating = #"{ "format": 1, "canvas": { "width": 10, "height": 10 }, "layers": [ { "shape": { "type": "rect", "rect": [0, 0, 5, 5] }, "fill": { "type": "angular", "colors": ["red", "blue"], "rotation": { "period": { "keyframes": [[0, 1], [1, 2]] } } } } ] }"#
        assertRefused(rotating, path: "layers[0].fill.rotation.period", contains: "rotation and cornerCycle take no keyframes")
    }

    func testMalformedKeyframeObjectsAreRefusedAtTheirPaths() {
        assertRefused(scene(width: #"{ "keyframes": [[0, 1]] }"#), path: "layers[0].shape.rect[2].keyframes", contains: "at least two")
        assertRefused(scene(width: #"{ "keyframes": [[1, 1], [1, 2]] }"#), path: "layers[0].shape.rect[2].keyframes[1][0]",
                      contains: "a time > the one before")
        assertRefused(scene(width: #"{ "keyframes": [[0, 1], [1, "red"]] }"#), path: "layers[0].shape.rect[2].keyframes[1][1]",
                      contains: "a number, as the first keyframe's value is")
        assertRefused(scene(width: #"{ "keyframes": [[0, 1], [1, { "keyframes": [[0, 1], [1, 2]] }]] }"#),
                      path: "layers[0].shape.rect[2].keyframes[1][1]", contains: "keyframes do not nest")
        assertRefused(scene(width: #"{ "keyframes": [[0, 1], [1, 2]], "repeat": "forever" }"#),
                      path: "layers[0].shape.rect[2].repeat", contains: "\"loop\"")
        assertRefused(scene(width: #"{ "keyframes": [[0, "red"], [1, "blue"]] }"#), path: "layers[0].shape.rect[2]",
                      contains: "a number")
    }

    /// A value valid at t = 0 but not later is refused when drawn then, naming path and time.
    func testAValueInvalidAtTheDrawnTimeIsRefusedWithThePathAndTheTime() throws {
        let s = try decode(scene(opacity: #"{ "keyframes": [[0, 0.5], [1, 1]], "timing": [0.5, 0, 0.5, 2] }"#))
        XCTAssertNoThrow(try s.at(0))
        XCTAssertThrowsError(try Frame(resolving: s, time: 0.75)) { e in
            XCTAssertTrue("\(e)".hasPrefix("t.json: layers[0].opacity: expected a number >= 0 and <= 1, found "), "\(e)")
            XCTAssertTrue("\(e)".hasSuffix("(at t = 0.75 s)"), "\(e)")
        }
    }

    /// At reading, the time (t = 0) is named only where a keyframed value can have made the
    /// refusal: the value itself, a list holding it, a neighbour it is compared with (a stop's
    /// location after a keyframed one, an endPoint against a keyframed startPoint); a refusal
    /// no keyframe touches reads as in a scene without keyframes.
    func testTheTimeIsNamedOnlyWhereAKeyframedValueMadeTheRefusal() {
        let animated = #"{ "keyframes": [[0, 1], [1, 0.5]] }"#
        let refusals: [(json: String, path: String, timed: Bool)] = [
            (scene(width: #"{ "keyframes": [[0, -5], [1, 40]] }"#), "layers[0].shape.rect[2]", true),
            (scene(opacity: #"{ "keyframes": [[0, 2], [1, 1]] }"#), "layers[0].opacity", true),
            (scene(opacity: animated).replacingOccurrences(of: #""type": "rect","#, with: #""type": "rect", "cornerRadius": 4,"#),
             "layers[0].shape.cornerRadius", false),
            (scene(opacity: animated).replacingOccurrences(of: #""color": "red""#, with: #""color": "redd""#), "layers[0].fill.color", false),
            (scene(opacity: animated).replacingOccurrences(of: #""fill""#, with: #""fil""#), "layers[0].fil", false),
            (scene().replacingOccurrences(of: #"{ "type": "solid", "color": "red" }"#, with: #"{ "type": "linear", "startPoint": [0, 0], "endPoint": [1, 1], "stops": [{ "color": "red", "location": { "keyframes": [[0, 0.8], [1, 0]] } }, { "color": "blue", "location": 0.5 }] }"#),
             "layers[0].fill.stops[1].location", true),
            (scene().replacingOccurrences(of: #"{ "type": "solid", "color": "red" }"#, with: #"{ "type": "linear", "startPoint": [{ "keyframes": [[0, 1], [1, 0]] }, 1], "endPoint": [1, 1], "colors": ["red", "blue"] }"#),
             "layers[0].fill.endPoint", true),
        ]
        for r in refusals {
            XCTAssertThrowsError(try decode(r.json)) { e in
                let m = "\(e)"
                XCTAssertTrue(m.hasPrefix("t.json: \(r.path): expected "), m)
                XCTAssertEqual(m.hasSuffix(" (at t = 0 s)"), r.timed, m)
            }
        }
    }

    /// A reversing track whose last time is near the largest double: 2 t_last overflows,
    /// yet t'' = 2 t_last - t'' (docs/scene-format.md) is what a value takes, so the width at t is
    /// 100 (2 - t / t_last) for t in (t_last, DBL_MAX] (computed without 2 t_last) and
    /// 100 t / t_last before it. A looping one gives 100 (t / t_last - 1).
    func testReverseAndLoopWithALastTimeNearTheLargestDouble() throws {
        let last = 1.5e308
        let reverse = try decode(scene(width: #"{ "keyframes": [[0, 0], [\#(last), 100]], "repeat": "reverse" }"#))
        for t in [Double.greatestFiniteMagnitude, 1.6e308, 1.2e308] {
            let expected = t > last ? 100 * (2 - t / last) : 100 * (t / last)
            XCTAssertEqual(try width(reverse, at: t), expected, accuracy: 1e-12, "t = \(t)")
        }
        let loop = try decode(scene(width: #"{ "keyframes": [[0, 0], [\#(last), 100]], "repeat": "loop" }"#))
        let t = Double.greatestFiniteMagnitude
        XCTAssertEqual(try width(loop, at: t), 100 * (t / last - 1), accuracy: 1e-12)
        XCTAssertEqual(reverse.keyframes?.tracks[0].track.period, .infinity, "2 t_last is past the largest double")
    }
}
