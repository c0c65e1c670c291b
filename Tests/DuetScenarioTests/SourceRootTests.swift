import DuetScenario
import XCTest

/// Scenario sources are recorded relative to the repository root.
final class SourceRootTests: XCTestCase {
  func testAFileUnderTheWorkingDirectoryIsRelativeToIt() {
    let root = SourceRoot(currentDirectory: "/work/app") { _ in false }
    XCTAssertEqual(
      root.relativePath(of: "/work/app/Sources/Splash/SplashScenario.swift"), "Sources/Splash/SplashScenario.swift")
  }

  func testATrailingSlashOnTheWorkingDirectoryChangesNothing() {
    let root = SourceRoot(currentDirectory: "/work/app/") { _ in false }
    XCTAssertEqual(root.relativePath(of: "/work/app/Sources/A.swift"), "Sources/A.swift")
  }

  func testAFileOutsideTheWorkingDirectoryIsRelativeToItsNearestPackageRoot() {
    let root = SourceRoot(currentDirectory: "/tmp/elsewhere") { $0 == "/work/app" || $0 == "/work" }
    XCTAssertEqual(
      root.relativePath(of: "/work/app/Sources/Splash/SplashScenario.swift"), "Sources/Splash/SplashScenario.swift")
  }

  func testASiblingDirectorySharingAPrefixIsNotAnAncestor() {
    let root = SourceRoot(currentDirectory: "/work/app") { _ in false }
    XCTAssertEqual(root.relativePath(of: "/work/application/A.swift"), "/work/application/A.swift")
  }

  func testTheFileSystemRootIsNeverTheRepositoryRoot() {
    let root = SourceRoot(currentDirectory: "/") { $0 == "/work" }
    XCTAssertEqual(root.relativePath(of: "/work/Sources/A.swift"), "Sources/A.swift")
  }

  func testAFileUnderNoRootIsKeptAsGiven() {
    let root = SourceRoot(currentDirectory: "/tmp") { _ in false }
    XCTAssertEqual(root.relativePath(of: "/opt/A.swift"), "/opt/A.swift")
  }

  func testTheCurrentRootFindsThisPackage() {
    let path = SourceRoot.current.relativePath(of: #filePath)
    XCTAssertEqual(path, "Tests/DuetScenarioTests/SourceRootTests.swift")
  }
}
