import XCTest

final class DuetReplayPlaceholder: XCTestCase {
  func testModuleBuilds() {}
}
