import XCTest

@testable import DuetVerify

/// The dispatch order's looks at the recordings, taken by the reads: found at the place a read
/// expects them (its manifest position) without hashing a name, found by name anywhere else, and
/// each used once.
final class SeenFilesTests: XCTestCase {
  func looked(_ sizes: [(String, Int?)]) -> SeenFiles {
    let seen = SeenFiles()
    for (name, size) in sizes { seen.note(name, size: size) }
    return seen
  }

  func testALookIsFoundAtItsPlaceAndUsedOnce() {
    let seen = looked([("a", 10), ("b", 20), ("c", 30)])
    XCTAssertEqual(seen.take("b", expectedAt: 1), 20)
    XCTAssertNil(seen.take("b", expectedAt: 1), "a note is used once")
    XCTAssertEqual(seen.take("c", expectedAt: 2), 30)
  }

  func testALookAskedForElsewhereIsFoundByItsName() {
    let seen = looked([("a", 10), ("b", 20), ("c", 30)])
    // A subset of the listing: the read's manifest position is not its look's place.
    XCTAssertEqual(seen.take("c", expectedAt: 0), 30)
    XCTAssertEqual(seen.take("a"), 10)
    XCTAssertEqual(seen.take("b", expectedAt: 7), 20)
    XCTAssertNil(seen.take("c"), "a note is used once, however it was found")
    XCTAssertNil(seen.take("d", expectedAt: 0), "a name never looked at has no note")
  }

  func testALookThatFoundNoPlainFileKeepsTheLaterLooksAtTheirPlacesAndGivesNoSize() {
    let seen = looked([("a", 10), ("missing", nil), ("c", 30)])
    XCTAssertNil(seen.take("missing", expectedAt: 1))
    XCTAssertEqual(seen.take("c", expectedAt: 2), 30)
  }

  func testALookNotedAfterTheNamesWereIndexedIsFoundByName() {
    let seen = looked([("a", 10)])
    XCTAssertNil(seen.take("b", expectedAt: 5))
    seen.note("b", size: 20)
    XCTAssertEqual(seen.take("b", expectedAt: 5), 20)
  }
}
