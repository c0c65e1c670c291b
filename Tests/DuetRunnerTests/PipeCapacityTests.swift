import XCTest

@testable import DuetRunner

#if canImport(Glibc)
  import Glibc
#endif

/// A runner's protocol pipes have room for a whole batch, so neither side blocks mid-batch.
final class PipeCapacityTests: XCTestCase {
  func testAWidenedPipeTakesAQuarterMegabyteWithNobodyReading() throws {
    #if os(Linux)
      var fds: [Int32] = [0, 0]
      XCTAssertEqual(pipe(&fds), 0)
      defer { fds.forEach { close($0) } }
      PipeCapacity.widen(fds[1])
      _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
      let chunk = [UInt8](repeating: 0x41, count: 4096)
      var taken = 0
      while taken < PipeCapacity.batch * 2 {
        let written = chunk.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        guard written > 0 else { break }
        taken += written
      }
      XCTAssertEqual(taken, PipeCapacity.batch, "the pipe should hold \(PipeCapacity.batch) bytes before a write waits")
    #else
      throw XCTSkip("pipe sizes are set on Linux only")
    #endif
  }
}
