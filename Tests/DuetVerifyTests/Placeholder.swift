import XCTest

final class DuetVerifyPlaceholder: XCTestCase {
  func testModuleBuilds() {}
}
