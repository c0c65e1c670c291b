/// A fingerprint of the corpus a shard ran: FNV-1a (64 bits) over the manifest's list of
/// recordings, in order, each with the FNV-1a of its file's bytes.
///
/// Every shard of one gate lints and splits the same corpus; `merge` compares the shards'
/// fingerprints so reports from different commits (or a stale artifact) are never joined into one
/// verdict. Fixed by definition, the same on every machine.
enum CorpusFingerprint {
  /// The fingerprint of `corpus`'s listed recordings, as 16 hex digits.
  static func of(_ corpus: Corpus) -> String {
    var hash = Hash()
    for fixture in corpus.manifest.listedFixtures {
      hash.add(Array(fixture.name.utf8))
      hash.add([0])
      var content = Hash()
      if case .success(let bytes) = corpus.store.bytes(of: fixture.name) { content.add(bytes) }
      hash.add(Array(content.hex.utf8))
      hash.add([0x0A])
    }
    return hash.hex
  }

  /// FNV-1a, 64 bits.
  struct Hash {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
      for byte in bytes {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01b3
      }
    }

    var hex: String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
  }
}
