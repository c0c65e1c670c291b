import XCTest

final class DuetTelemetryPlaceholder: XCTestCase {
  func testModuleBuilds() {}
}
