import Foundation
import XCTest
@testable import Halo
@testable import HaloPreview

/// The scene's parameters as the preview's controls: one control a parameter, of its
/// kind, and each edited value written back as the scene file would hold it.
final class ParameterControlsTests: XCTestCase {
    private let number = Parameter(name: "width", kind: .number(min: 0.5, max: 12, step: 0.5), value: .number(3), label: "Border width")
    private let colour = Parameter(name: "accent", kind: .color, value: .string("#7C5CFF"))
    private let choice = Parameter(name: "corners", kind: .choice(options: ["circular", "continuous"]), value: .string("continuous"))
    private let boolean = Parameter(name: "shine", kind: .boolean, value: .bool(true))

    func testANumberWithARangeIsASliderWithItsStepAndLabel() {
        let c = ParameterControls.control(number, value: .number(5), differsFromFile: true)
        XCTAssertEqual(c.kind, .number(value: 5, min: 0.5, max: 12, step: 0.5))
        XCTAssertEqual(c.label, "Border width")
        XCTAssertTrue(c.differsFromFile)
    }

    func testANumberWithoutAStepTakesAHundredthOfItsRange() {
        XCTAssertEqual(ParameterControls.defaultStep(min: 0, max: 40), 0.4)
        XCTAssertEqual(ParameterControls.defaultStep(min: nil, max: 40), 0.1)
    }

    func testAColourIsItsComponentsAndIsWrittenBackAsHex() throws {
        let c = ParameterControls.control(colour, value: .string("#7C5CFF"), differsFromFile: false)
        // #7C5CFF: 124, 92, 255 of 255.
        XCTAssertEqual(c.kind, .colour(.init(red: 124 / 255, green: 92 / 255, blue: 1, alpha: 1)))
        let edited = ControlPanel.Value.colour(.init(red: 1, green: 45 / 255, blue: 85 / 255, alpha: 0.5))
        // 0.5 * 255 = 127.5 rounds half up to 128 = 0x80.
        XCTAssertEqual(ParameterControls.json(edited, for: colour), .string("#FF2D5580"))
    }

    func testAColourNameIsReadAsTheFormatDefinesIt() throws {
        let c = ParameterControls.control(colour, value: .string("mint"), differsFromFile: false)
        let mint = RGBA.named["mint"]!
        XCTAssertEqual(c.kind, .colour(.init(red: mint.r, green: mint.g, blue: mint.b, alpha: mint.a)))
    }

    func testAChoiceIsADropDownWrittenBackAsTheOptionsName() {
        let c = ParameterControls.control(choice, value: .string("continuous"), differsFromFile: false)
        XCTAssertEqual(c.kind, .choice(options: ["circular", "continuous"], index: 1))
        XCTAssertEqual(ParameterControls.json(.choice(0), for: choice), .string("circular"))
        XCTAssertNil(ParameterControls.json(.choice(2), for: choice), "an index past the options is no value")
    }

    func testABooleanIsACheckbox() {
        XCTAssertEqual(ParameterControls.control(boolean, value: .bool(false), differsFromFile: true).kind, .boolean(false))
        XCTAssertEqual(ParameterControls.json(.boolean(true), for: boolean), .bool(true))
    }

    func testAValueOfAnotherKindIsRefused() {
        XCTAssertNil(ParameterControls.json(.boolean(true), for: number))
        XCTAssertNil(ParameterControls.json(.number(1), for: colour))
    }
}
