import Foundation
import XCTest

@testable import DuetVerify

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A name carrying its maker's pid (`.duet-<pid>-<hex>.tmp`, `.verify-<pid>-<hex>`) is read back
/// only when it has exactly that form: a later run removes what such a name holds once that pid no
/// longer runs, so a name a user or an older version chose must never parse as one.
final class TemporaryNameTests: XCTestCase {
  func testAFreshNameCarriesThisProcess() {
    XCTAssertEqual(TemporaryName.owner(of: TemporaryName.make(prefix: ".verify-"), prefix: ".verify-"), getpid())
    XCTAssertEqual(TemporaryName.owner(of: TemporaryName.make()), getpid())
    XCTAssertEqual(TemporaryName.owner(of: ".verify-4242-0", prefix: ".verify-"), 4242)
    XCTAssertEqual(TemporaryName.owner(of: ".duet-17-ffffffff.tmp"), 17)
  }

  func testNamesOfAnotherFormCarryNoOwner() {
    for name in [
      ".verify-staging", ".verify-1a2b3c4d", ".verify-", ".verify--1a", ".verify-0-1a", ".verify-+12-1a",
      ".verify-12-", ".verify-12-xyz", ".verify-12-1a-2b", ".verify-12-123456789", ".verify-١٢-1a", ".verify.lock",
      "verify-12-1a",
    ] {
      XCTAssertNil(TemporaryName.owner(of: name, prefix: ".verify-"), name)
    }
    for name in [".duet-12-1a", ".duet-12-.tmp", ".duet-x-1a.tmp", "report.tmp", ".duet-12-1a.tmp.json"] {
      XCTAssertNil(TemporaryName.owner(of: name), name)
    }
  }
}
