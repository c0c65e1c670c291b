import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

final class SinceLinesTests: XCTestCase {
  func testAHunkMarksTheLinesOfItsNewSideAndARemovalTheLineWhereItWas() {
    let diff = """
      diff --git a/Sources/A/A.swift b/Sources/A/A.swift
      --- a/Sources/A/A.swift
      +++ b/Sources/A/A.swift
      @@ -3 +3 @@ x
      -a
      +b
      @@ -10,0 +11,2 @@
      +c
      +d
      @@ -20,2 +21,0 @@
      -e
      -f
      diff --git a/Sources/A/New.swift b/Sources/A/New.swift
      --- /dev/null
      +++ b/Sources/A/New.swift
      @@ -0,0 +1 @@
      +g
      """
    XCTAssertEqual(SinceLines.parse(diff), ["Sources/A/A.swift": [3, 11, 12, 21], "Sources/A/New.swift": [1]])
  }

  func testOnlyTheChangedLineOfACommittedFileIsReadFromGit() throws {
    let folder = try TemporaryFolder(prefix: "duet-verify-since")
    let file = try folder.write("pkg/Sources/A/A.swift", "let a = 1\nlet b = 2\nlet c = 3\n")
    let package = folder.url.appendingPathComponent("pkg")
    for command in [
      ["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a"],
    ] {
      let process = try Process.run(
        URL(fileURLWithPath: "/usr/bin/env"), arguments: ["git", "-C", folder.url.path] + command)
      process.waitUntilExit()
    }
    try Data("let a = 1\nlet b = 20\nlet c = 3\n".utf8).write(to: file)
    XCTAssertEqual(
      try SinceLines.read(revision: "HEAD", files: ["Sources/A/A.swift", "Sources/A/B.swift"], package: package),
      ["Sources/A/A.swift": [2], "Sources/A/B.swift": []])
    XCTAssertThrowsError(try SinceLines.read(revision: "no-such-rev", files: ["Sources/A/A.swift"], package: package)) {
      let text = "\($0)"
      XCTAssertTrue(text.hasPrefix("duet-verify mutate: --since no-such-rev: cannot read the lines changed"), text)
      XCTAssertTrue(text.contains("Give a revision git knows"), text)
      // rev-parse --quiet says nothing: the reason must still say what is wrong and where.
      XCTAssertTrue(text.contains("(git knows no commit by that name in the repository of \(package.path))"), text)
    }
  }
}
