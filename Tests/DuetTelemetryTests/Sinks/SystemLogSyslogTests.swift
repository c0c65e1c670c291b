import Foundation
import XCTest

@testable import DuetTelemetry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SystemLogSink(.syslog)` hands `syslog(3)` the console line itself as its `%s` argument.
final class SystemLogSyslogTests: XCTestCase {
  func testSyslogFormatsTheConsoleLineItself() {
    let line = "analytics: Session Signed In {provider=email}"
    var written = ""
    var priority: Int32 = -1

    SystemLogSink.writeSyslogLine(line) { level, format, arguments in
      priority = level
      var buffer = [CChar](repeating: 0, count: 256)
      _ = vsnprintf(&buffer, buffer.count, format, arguments)
      written = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    XCTAssertEqual(written, line)
    XCTAssertEqual(priority, LOG_INFO)
  }
}
