import XCTest

final class FoyerFeaturesPlaceholder: XCTestCase {
  func testModuleBuilds() {}
}
