import Foundation
import XCTest

@testable import DuetVerify

/// The scratch copy of a runner package resolves the same dependencies: relative `.package(path:)`
/// values become absolute; a target's `path:` (inside the copied package) stays as it is.
final class PackagePathsTests: XCTestCase {
  func testRelativePackagePathsBecomeAbsoluteAndTargetPathsStay() {
    let manifest = """
      dependencies: [
        .package(name: "duet-verify", path: "../.."),
        .package(path: "/already/absolute"),
        .package(url: "https://example.invalid/x", from: "1.0.0"),
      ],
      targets: [.executableTarget(name: "replay-runner", path: "Sources/runner")]
      """
    let rewritten = PackagePaths.absolute(manifest, relativeTo: URL(fileURLWithPath: "/repo/Examples/app"))
    XCTAssertTrue(rewritten.contains(#".package(name: "duet-verify", path: "/repo")"#), rewritten)
    XCTAssertTrue(rewritten.contains(#".package(path: "/already/absolute")"#), rewritten)
    XCTAssertTrue(rewritten.contains(#"path: "Sources/runner")"#), rewritten)
    XCTAssertTrue(rewritten.contains(#".package(url: "https://example.invalid/x", from: "1.0.0")"#), rewritten)
  }
}
