import Foundation
import XCTest

@testable import DuetRunner

#if canImport(Glibc)
  import Glibc
#endif

/// A stop must reach processes a child started in process groups of their own, as `swift build`
/// starts its compilers: killing the child's group alone leaves them running.
final class ProcessTreeTests: XCTestCase {
  func testKillAllEndsAGrandchildInAProcessGroupOfItsOwn() throws {
    guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { throw XCTSkip("no /proc here") }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sh")
    // `setsid` puts the grandchild in a new session and process group, out of reach of kill(-child).
    child.arguments = ["-c", "setsid sleep 300 & wait"]
    try child.run()
    defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
    let root = child.processIdentifier
    var grandchildren: Set<pid_t> = []
    let deadline = Date().addingTimeInterval(10)
    while grandchildren.isEmpty, Date() < deadline {
      grandchildren = ProcessTree.descendants(of: [root])
      usleep(10_000)
    }
    XCTAssertFalse(grandchildren.isEmpty, "the grandchild never appeared under the child")
    for pid in grandchildren { XCTAssertNotEqual(getpgid(pid), getpgid(root), "the grandchild shares the group") }

    let children = LiveChildren()
    children.add(root)
    children.killAll()

    for pid in grandchildren {
      XCTAssertTrue(Self.isGone(pid, within: 5), "grandchild \(pid) outlived killAll")
    }
  }

  func testTheParentOfThisProcessIsReadFromProc() {
    XCTAssertEqual(ProcessTree.parent(of: getpid()), getppid())
  }

  /// Gone or a zombie (an orphan's reaper may be slow in a container).
  private static func isGone(_ pid: pid_t, within seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return true }
      let text = String(decoding: data, as: UTF8.self)
      if let close = text.lastIndex(of: ")"), text[text.index(after: close)...].hasPrefix(" Z") { return true }
      usleep(20_000)
    }
    return false
  }
}
