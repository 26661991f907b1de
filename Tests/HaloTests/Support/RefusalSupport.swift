import Foundation
import XCTest
import Halo

/// The refusal message `SceneDecoder` gives for `data`, read as a file named `t.json`,
/// or a test failure (and nil) when it decodes or throws something other than a
/// ``SceneError``.
func sceneRefusal(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> String? {
    do {
        _ = try SceneDecoder.decode(data, file: "t.json")
        XCTFail("expected the scene to be refused", file: file, line: line)
        return nil
    } catch let error as SceneError {
        return error.description
    } catch {
        XCTFail("expected a SceneError, got \(error)", file: file, line: line)
        return nil
    }
}

/// ``sceneRefusal(_:file:line:)`` for JSON text.
func sceneRefusal(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    sceneRefusal(Data(json.utf8), file: file, line: line)
}
