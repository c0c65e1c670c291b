import XCTest

final class DuetCorePlaceholder: XCTestCase {
  func testModuleBuilds() {}
}
