import Foundation
import XCTest

@testable import DuetVerify

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Nothing outside the repository is read through a recording: a link leading out, a named pipe, a
/// folder or a huge file where a recording should be is refused with a sentence, never opened.
final class RecordingContainmentTests: ContainmentTestCase {
  var store: FixtureStore { FixtureStore(location: repository.manifestLocation) }

  var recording: URL { repository.url.appendingPathComponent("fixtures/counter.fixture.json") }

  func failure(loading name: String = "counter") -> FixtureLoadError? {
    guard case .failure(let error) = store.load(name) else { return nil }
    return error
  }

  func testARecordingThatLinksOutsideTheRepositoryIsNotRead() throws {
    let target = try outside.write("secret.fixture.json", FixtureText.counter())
    try FileManager.default.createDirectory(
      at: recording.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: recording, withDestinationURL: target)
    XCTAssertEqual(
      failure()?.description,
      "fixtures/counter.fixture.json: is a link leading outside the repository (to \(target.path)), so it was not "
        + "read. Recordings live inside the repository: remove the link and record the fixture with duet-verify "
        + "record.")
  }

  func testAFixturesFolderThatLinksOutsideTheRepositoryIsNotRead() throws {
    let target = try outside.write("fixtures/counter.fixture.json", FixtureText.counter())
    try FileManager.default.createSymbolicLink(
      at: repository.url.appendingPathComponent("fixtures"), withDestinationURL: target.deletingLastPathComponent())
    XCTAssertEqual(failure(), .outsideRepository(file: "fixtures/counter.fixture.json", target: target.path))
  }

  func testARecordingLinkedToAnotherFileInsideTheRepositoryLoads() throws {
    let target = try repository.write("recordings/counter.json", FixtureText.counter())
    try FileManager.default.createDirectory(
      at: recording.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: recording, withDestinationURL: target)
    XCTAssertNil(failure())
  }

  func testAFixturesFolderSwappedForALinkOutsideDuringARunIsNotFollowed() throws {
    let original = try repository.write("fixtures/counter.fixture.json", FixtureText.counter())
    let secret = try outside.write("fixtures/counter.fixture.json", #"{"secret":true}"#)
    let madeEarlier = store
    // The store was made (the run started); then the folder is swapped for a link leading out.
    let fixtures = original.deletingLastPathComponent()
    try FileManager.default.moveItem(at: fixtures, to: repository.url.appendingPathComponent("fixtures-before"))
    try FileManager.default.createSymbolicLink(at: fixtures, withDestinationURL: secret.deletingLastPathComponent())
    switch madeEarlier.bytes(of: "counter") {
    case .success(let bytes): XCTAssertEqual(bytes, Array(FixtureText.counter().utf8), "read outside the repository")
    case .failure(let error):
      XCTAssertEqual(error, .outsideRepository(file: "fixtures/counter.fixture.json", target: secret.path))
    }
  }

  func testALinkWhoseTargetIsGoneIsAMissingRecording() throws {
    try FileManager.default.createDirectory(
      at: recording.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: recording, withDestinationURL: outside.url.appendingPathComponent("gone.json"))
    XCTAssertEqual(failure(), .missing(file: "fixtures/counter.fixture.json"))
  }

  func testANamedPipeWhereARecordingShouldBeIsRefusedWithoutOpeningIt() throws {
    try FileManager.default.createDirectory(
      at: recording.deletingLastPathComponent(), withIntermediateDirectories: true)
    XCTAssertEqual(mkfifo(recording.path, 0o600), 0)
    // Opening a pipe nobody writes to would block this test forever; the refusal comes first.
    XCTAssertEqual(
      failure()?.description,
      "fixtures/counter.fixture.json: is a named pipe, not a recording file, so it was not read. Remove it and "
        + "record the fixture with duet-verify record.")
  }

  func testAFolderWhereARecordingShouldBeIsRefused() throws {
    try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
    XCTAssertEqual(failure(), .notAFile(file: "fixtures/counter.fixture.json", kind: "a folder"))
  }

  func testARecordingOverTheDefaultLimitIsRefusedUnread() throws {
    try FileManager.default.createDirectory(
      at: recording.deletingLastPathComponent(), withIntermediateDirectories: true)
    // A sparse file: 65 MiB long, no disk used, and unparseable if it were ever read.
    XCTAssertTrue(FileManager.default.createFile(atPath: recording.path, contents: Data("{".utf8)))
    let handle = try FileHandle(forWritingTo: recording)
    try handle.truncate(atOffset: 65 << 20)
    try handle.close()
    XCTAssertEqual(
      failure()?.description,
      "fixtures/counter.fixture.json: is 65 MiB, over the 64 MiB limit for one recording, so it was not loaded. "
        + "Split the scenario into smaller branches and re-record.")
  }
}
