import Foundation
import TestSupport
import XCTest

/// The verifier starts without loading Foundation's ICU: relocating `libFoundation`,
/// `FoundationInternationalization` and ICU cost every run about 8.5 million instructions at
/// start-up (docs/performance.md, seventh round). Every module linked into `duet-verify` imports
/// `FoundationEssentials` where it exists, and an `import Foundation` slipped into one of them
/// brings the whole set back.
final class VerifierLinkingEndToEndTests: XCTestCase {
  func testTheBuiltVerifierLoadsNeitherFoundationNorICU() throws {
    #if !os(Linux)
      throw XCTSkip("the shared libraries are read with ldd, on Linux")
    #else
      let verifier = try BuiltProducts.executable(named: "duet-verify")
      guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd") else {
        throw XCTSkip("ldd is not installed (it comes with glibc's tools: apt-get install libc-bin)")
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
      process.arguments = [verifier.path]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let listing = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      let names = listing.split(separator: "\n").compactMap {
        $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
      }
      XCTAssertTrue(names.contains { $0.hasPrefix("libFoundationEssentials") }, listing)
      for unwanted in ["libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU"] {
        XCTAssertFalse(
          names.contains { $0.hasPrefix(unwanted) },
          "\(verifier.path) loads \(unwanted): a module linked into duet-verify (DuetCore, DuetTelemetry, "
            + "DuetRunner, DuetVerify, duet-verify) imports Foundation. Import FoundationEssentials there "
            + "(#if canImport(FoundationEssentials)), as the others do.\n\(listing)")
      }
    #endif
  }
}
