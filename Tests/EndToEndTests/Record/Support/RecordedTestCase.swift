import Foundation
import XCTest

/// A test case whose repository already holds what `record` wrote from the demo scenarios, for the
/// tests of what later runs (a drift check, a failing runner, a signal) do to those recordings.
///
/// XCTest keeps test case objects alive for the whole run, so the repository is dropped in
/// `tearDown`, which removes it from disk right away.
class RecordedTestCase: XCTestCase {
  var repository: RecordRepository!
  /// What `record` wrote, file by file (`RecordRepository.snapshot()` of the fixtures folder).
  var recorded: [String: Data] = [:]

  override func setUpWithError() throws {
    try super.setUpWithError()
    repository = try RecordRepository()
    let run = try repository.duet(["record"])
    XCTAssertEqual(run.code, 0, run.all)
    recorded = repository.snapshot()
  }

  override func tearDown() {
    repository = nil
    super.tearDown()
  }
}

/// A recorded repository and a scratch folder outside it, for the tests that stop the verifier with
/// a signal (`InterruptedRecord` makes its named pipe there).
class InterruptTestCase: RecordedTestCase {
  var scratch: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("duet-verify-signal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  override func tearDown() {
    if let scratch { try? FileManager.default.removeItem(at: scratch) }
    super.tearDown()
  }
}
