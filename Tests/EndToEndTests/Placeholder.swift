import XCTest

final class EndToEndPlaceholder: XCTestCase {
  func testModuleBuilds() {}
}
