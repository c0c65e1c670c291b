import Foundation
import TestSupport
import XCTest

/// docs/protocol.md is what a runner author in another language implements from, so its transcript
/// must be the real server's bytes: the `>` lines are sent to the built `demo-runner`, and its stdout
/// must be the `<` lines exactly, handshake first, then one reply per request, nothing after `exit`.
final class ProtocolTranscriptEndToEndTests: XCTestCase {
  func testTheProtocolDocumentsTranscriptIsWhatTheServerAnswersByteForByte() throws {
    let document = try String(
      contentsOf: SharedReference.repositoryRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
    let transcript = Self.transcript(in: document)
    XCTAssertGreaterThan(transcript.requests.count, 10, "the transcript in docs/protocol.md lost its requests")
    XCTAssertEqual(transcript.requests.last, #"{"op":"exit"}"#, "the transcript should end the session with exit")

    let folder = try TemporaryFolder()
    let (process, out, error) = CommandRun.prepare(
      try BuiltProducts.executable(named: "demo-runner"), [], in: folder.url)
    let input = Pipe()
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(transcript.requests.map { $0 + "\n" }.joined().utf8))
    try input.fileHandleForWriting.close()
    let (written, diagnostics) = CommandRun.drain(out, error)
    process.waitUntilExit()

    XCTAssertEqual(process.terminationStatus, 0, "demo-runner after the transcript's exit; stderr: \(diagnostics)")
    let expected = transcript.replies.map { $0 + "\n" }.joined()
    XCTAssertEqual(written, expected, Self.firstDifference(written, expected))
  }

  func testTheTranscriptReaderTakesOnlyTheMarkedBlock() {
    let document = """
      ```text
      > {"op":"ignored"}
      ```
      <!-- transcript: checked -->
      ```text
      < {"protocol":"duet-replay"}
      > {"op":"exit"}
      ```
      > {"op":"after"}
      """
    let transcript = Self.transcript(in: document)
    XCTAssertEqual(transcript.requests, [#"{"op":"exit"}"#])
    XCTAssertEqual(transcript.replies, [#"{"protocol":"duet-replay"}"#])
  }

  /// The `>` (sent) and `<` (received) lines of the fenced block after `<!-- transcript`.
  static func transcript(in document: String) -> (requests: [String], replies: [String]) {
    let lines = document.components(separatedBy: "\n")
    guard let marker = lines.firstIndex(where: { $0.hasPrefix("<!-- transcript") }),
      let open = lines[marker...].firstIndex(where: { $0.hasPrefix("```") })
    else {
      XCTFail("docs/protocol.md has no `<!-- transcript` line before a fenced block of > and < lines")
      return ([], [])
    }
    let body = lines[(open + 1)...].prefix { !$0.hasPrefix("```") }
    var requests: [String] = []
    var replies: [String] = []
    for line in body {
      if line.hasPrefix("> ") { requests.append(String(line.dropFirst(2))) }
      if line.hasPrefix("< ") { replies.append(String(line.dropFirst(2))) }
    }
    return (requests, replies)
  }

  /// The first line where `actual` and `expected` part, for the failure message.
  static func firstDifference(_ actual: String, _ expected: String) -> String {
    let got = actual.components(separatedBy: "\n")
    let want = expected.components(separatedBy: "\n")
    for index in 0..<max(got.count, want.count) {
      let left = index < got.count ? got[index] : "∅"
      let right = index < want.count ? want[index] : "∅"
      if left != right { return "reply line \(index + 1): the server wrote\n  \(left)\nthe document says\n  \(right)" }
    }
    return "identical"
  }
}
