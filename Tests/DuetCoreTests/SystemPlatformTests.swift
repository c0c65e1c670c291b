import Dispatch
import Foundation
import XCTest

@testable import DuetCore

/// The package's own lock, condition, thread and file calls (what the verifier uses instead of
/// Foundation's `NSLock`, `NSCondition`, `Thread` and `FileHandle`, so it loads no ICU).
final class SystemPlatformTests: XCTestCase {
  func testTheLockKeepsEightThreadsCountingToTheSameTotal() {
    let lock = SystemLock()
    let counter = Counter()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { lock.withLock { counter.value += 1 } }
    }
    XCTAssertEqual(counter.value, 80_000)
  }

  func testARecursiveLockIsTakenAgainByTheThreadHoldingIt() {
    let lock = SystemLock(recursive: true)
    let inner = lock.withLock { lock.withLock { 42 } }
    XCTAssertEqual(inner, 42)
  }

  func testAConditionWaitEndsAtItsTimeWhenNobodySignals() {
    let condition = SystemCondition()
    let started = Date()
    condition.lock()
    let signalled = condition.wait(seconds: 0.05)
    condition.unlock()
    XCTAssertFalse(signalled)
    XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.045)
  }

  func testAConditionWaitEndsWhenAnotherThreadSignals() {
    let condition = SystemCondition()
    let flag = Counter()
    condition.lock()
    SystemThread.start(name: "test signaller") {
      condition.lock()
      flag.value = 1
      condition.signal()
      condition.unlock()
    }
    while flag.value == 0 { _ = condition.wait(seconds: 5) }
    condition.unlock()
    XCTAssertEqual(flag.value, 1)
  }

  func testAStartedThreadRunsItsBodyWithTheStackItAskedFor() {
    let done = DispatchSemaphore(value: 0)
    let seen = Counter()
    SystemThread.start(name: "test deep", stackSize: 8 << 20) {
      var bytes = [UInt8](repeating: 1, count: 1 << 20)
      bytes.withUnsafeMutableBufferPointer { seen.value = $0.reduce(0) { $0 + Int($1) } }
      done.signal()
    }
    XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    XCTAssertEqual(seen.value, 1 << 20)
  }

  func testAFilesPrefixIsItsFirstBytesAndNothingForAMissingFileOrAFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("system-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("text")
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
    try Data(bytes).write(to: file)
    XCTAssertEqual(SystemFile.prefix(ofFileAt: file.path, upTo: 5), Array(bytes.prefix(5)))
    XCTAssertEqual(SystemFile.prefix(ofFileAt: file.path, upTo: 1 << 20), bytes, "more than one read's chunk")
    XCTAssertNil(SystemFile.prefix(ofFileAt: folder.appendingPathComponent("missing").path, upTo: 5))
    XCTAssertNil(SystemFile.prefix(ofFileAt: folder.path, upTo: 5), "a folder opens but cannot be read")
  }

  func testWritingReachesTheFileWhole() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("system-write-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out").path
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    SystemFile.write("grüße\n", to: descriptor)
    SystemFile.write([UInt8](repeating: 65, count: 100_000), to: descriptor)
    close(descriptor)
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertEqual(written.count, "grüße\n".utf8.count + 100_000)
    XCTAssertEqual(String(decoding: written.prefix("grüße\n".utf8.count), as: UTF8.self), "grüße\n")
  }

  private final class Counter: @unchecked Sendable {
    var value = 0
  }
}
