import XCTest

final class DuetScenarioPlaceholder: XCTestCase {
  func testModuleBuilds() {}
}
