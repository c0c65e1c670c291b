import DuetCore

/// The bytes of `summary.json`: the canonical pretty encoding of a ``RunRecord``, with its `names`
/// list (one entry per recording, the only part of a passing run's summary that grows with the
/// corpus) written straight into bytes.
///
/// Through `Codable` each name cost about 3.8 k instructions (a box, a coding path, a string
/// append); everything else still goes through the encoder, and a test holds the result to the
/// encoder's own bytes.
enum SummaryReport {
  static func bytes(_ record: RunRecord) throws -> [UInt8] {
    var shell = record
    shell.names = []
    var bytes = Array(try RunsFolder.pretty(shell).utf8)
    // A top-level key sits after a line feed and two spaces; a string value never holds a raw line
    // feed, so this spot is the `names` member itself.
    let marker = Array("\n  \"names\": []".utf8)
    guard !record.names.isEmpty, let at = firstIndex(of: marker, in: bytes) else { return bytes }
    var list: [UInt8] = []
    list.reserveCapacity(record.names.count * 24 + 16)
    list.append(contentsOf: "\n  \"names\": [".utf8)
    for (index, name) in record.names.enumerated() {
      list.append(contentsOf: index == 0 ? "\n    ".utf8 : ",\n    ".utf8)
      switch PassingReport.QuotedText(name) {
      case .plain(let text):
        list.append(UInt8(ascii: "\""))
        list.append(contentsOf: text.utf8)
        list.append(UInt8(ascii: "\""))
      case .written(let bytes): list.append(contentsOf: bytes)
      }
    }
    list.append(contentsOf: "\n  ]".utf8)
    bytes.replaceSubrange(at..<(at + marker.count), with: list)
    return bytes
  }

  static func firstIndex(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
    guard marker.count <= bytes.count else { return nil }
    for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
      if bytes[start..<(start + marker.count)].elementsEqual(marker) { return start }
    }
    return nil
  }
}
