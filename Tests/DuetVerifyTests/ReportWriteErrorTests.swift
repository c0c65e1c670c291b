import Foundation
import XCTest

@testable import DuetVerify

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A report that cannot be written is a sentence naming the file and the reason in words (a full
/// disk and a read-only file system cannot be made in a test, so their wording is checked here).
final class ReportWriteErrorTests: XCTestCase {
  func testAFullDiskIsASentence() {
    XCTAssertEqual(
      ReportWriteError(path: "report.xml", code: ENOSPC, doing: .write).description,
      "cannot write report.xml: the disk is full; free some space and run again.")
  }

  func testAReadOnlyFileSystemIsASentence() {
    XCTAssertEqual(
      ReportWriteError(path: ".runs", code: EROFS, doing: .createFolder).description,
      "cannot create the folder .runs: the file system is read-only; run from a writable checkout.")
  }
}
