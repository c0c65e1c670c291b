import DuetScenario
import XCTest

/// Scenario sources are recorded relative to the repository root.
final class SourceRootTests: XCTestCase {
  func testEachSourceIsRecordedRelativeToItsRoot() {
    let appInWork: Set<String> = ["/work/app", "/work"]
    let cases: [(rule: String, currentDirectory: String, packageRoots: Set<String>, file: String, recorded: String)] = [
      (
        "a file under the working directory is relative to it", "/work/app", [],
        "/work/app/Sources/Splash/SplashScenario.swift", "Sources/Splash/SplashScenario.swift"
      ),
      (
        "a trailing slash on the working directory changes nothing", "/work/app/", [], "/work/app/Sources/A.swift",
        "Sources/A.swift"
      ),
      (
        "a file outside the working directory is relative to its nearest package root", "/tmp/elsewhere", appInWork,
        "/work/app/Sources/Splash/SplashScenario.swift", "Sources/Splash/SplashScenario.swift"
      ),
      (
        "a sibling directory sharing a prefix is not an ancestor", "/work/app", [], "/work/application/A.swift",
        "/work/application/A.swift"
      ),
      ("the file system root is never the repository root", "/", ["/work"], "/work/Sources/A.swift", "Sources/A.swift"),
      ("a file under no root is kept as given", "/tmp", [], "/opt/A.swift", "/opt/A.swift"),
    ]
    for (rule, currentDirectory, packageRoots, file, recorded) in cases {
      let root = SourceRoot(currentDirectory: currentDirectory) { packageRoots.contains($0) }
      XCTAssertEqual(root.relativePath(of: file), recorded, rule)
    }
  }

  func testTheCurrentRootFindsThisPackage() {
    let path = SourceRoot.current.relativePath(of: #filePath)
    XCTAssertEqual(path, "Tests/DuetScenarioTests/SourceRootTests.swift")
  }
}
