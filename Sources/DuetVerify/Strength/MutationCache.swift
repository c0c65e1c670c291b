import DuetCore
import DuetPlatform

/// The results of earlier drills, in `.runs/mutate/cache.json` beside the manifest, so an
/// unchanged mutant is not run again (`--no-cache` ignores the file, and a run rewrites it).
///
/// A result is keyed by what decides it: the mutated file's text, the mutant itself (file,
/// position, operator, original and replacement text) and the recordings it replays (names and
/// bytes). A change to any of them is a new key; the ids a plan gives are not part of it. The file
/// is read and written through ``SafeFolder`` (no link followed, written atomically), and a file
/// that cannot be read is an empty cache, never an error.
struct MutationCache: Sendable {
  /// Key → the result stored under it.
  var entries: [String: MutantResult] = [:]

  /// The cache of the repository at `location`: empty when there is none yet.
  static func read(_ location: ManifestLocation) -> MutationCache {
    guard let runs = try? RunsRoot.openForReading(location), let folder = runs.existingFolder("mutate"),
      let bytes = folder.read("cache.json", limit: RunsFolder.readLimit),
      let entries = try? JSONDecoder().decode([String: MutantResult].self, from: Data(bytes))
    else { return MutationCache() }
    return MutationCache(entries: entries)
  }

  /// Writes the cache, replacing the file atomically (``RunsRoot/writeFile(_:to:in:location:notes:)``);
  /// an error is a sentence naming the file, and what was replaced on the way goes to `notes`.
  func write(_ location: ManifestLocation, notes: ReportNotes = ReportNotes()) throws(ReportWriteError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let bytes = (try? encoder.encode(entries)) ?? Data("{}".utf8)
    try RunsRoot.writeFile(Array(bytes), to: "cache.json", in: "mutate", location: location, notes: notes)
  }

  /// The key of `mutant` in `fileText`, replaying `recordings` (whose bytes `bytes` gives).
  static func key(_ mutant: Mutant, fileText: String, recordings: [String], bytes: (String) -> [UInt8]) -> String {
    var hash = CorpusFingerprint.Hash()
    hash.add(Array(fileText.utf8))
    var described = CorpusFingerprint.Hash()
    let fields = [
      mutant.file, "\(mutant.start.line):\(mutant.start.column)", "\(mutant.end.line):\(mutant.end.column)",
      mutant.mutationOperator.rawValue, mutant.original, mutant.replacement, mutant.tableRow ?? "",
    ]
    for field in fields {
      described.add(Array(field.utf8))
      described.add([0])
    }
    var replayed = CorpusFingerprint.Hash()
    for name in recordings.sorted() {
      replayed.add(Array(name.utf8))
      replayed.add([0])
      var content = CorpusFingerprint.Hash()
      content.add(bytes(name))
      replayed.add(Array(content.hex.utf8))
    }
    return hash.hex + described.hex + replayed.hex
  }
}
