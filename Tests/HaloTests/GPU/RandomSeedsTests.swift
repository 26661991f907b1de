import Foundation
import XCTest

/// The random tests' seeds repeat for a commit, and a setting never makes a run of no seeds.
final class RandomSeedsTests: XCTestCase {
    private let variable = "HALO_RANDOM_SEEDS_PROBE"
    override func tearDown() { unsetenv(variable) }

    /// Without a setting: one of the shares of 1...(shares x size), the same on every call.
    func testWithoutASettingTheCommitChoosesOneShareAndRepeats() throws {
        unsetenv(variable)
        let first = try RandomSeeds.chosen(by: variable, size: 25, shares: 4)
        XCTAssertEqual(first, try RandomSeeds.chosen(by: variable, size: 25, shares: 4))
        XCTAssertTrue([1, 26, 51, 76].contains(first[0]), "\(first[0])")
        XCTAssertEqual(first, Array(first[0]..<(first[0] + 25)))
    }

    /// FIRST,COUNT chooses COUNT seeds from FIRST.
    func testASettingChoosesItsSeeds() throws {
        setenv(variable, "5,3", 1)
        XCTAssertEqual(try RandomSeeds.chosen(by: variable, size: 25, shares: 4), [5, 6, 7])
    }

    /// A setting of no seeds, of seed 0 or of anything but two whole numbers is an error.
    func testASettingOfNoSeedsIsAnError() {
        for text in ["1,0", "0,5", "", "1", "1,2,3", "a,b", "1,-1"] {
            setenv(variable, text, 1)
            XCTAssertThrowsError(try RandomSeeds.chosen(by: variable, size: 25, shares: 4), text) { error in
                XCTAssertTrue("\(error)".contains("\(variable)=\(text): expected FIRST,COUNT"), "\(error)")
            }
        }
    }
}
