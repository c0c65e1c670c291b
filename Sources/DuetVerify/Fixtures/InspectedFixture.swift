import DuetCore

/// A recording read once for everything `verify` does with it: lint, the taxonomy gate and replay.
///
/// A file proven canonical is read by `PrettyFixtureReader` without a tree; any other file is
/// parsed and read as before (and lint then explains how it differs from canonical form).
struct InspectedFixture: Sendable {
  /// The recording's name.
  var name: String
  /// Its path relative to the repository root.
  var file: String
  /// The bytes as read (lint quotes lines from them).
  var bytes: [UInt8]
  /// The parsed tree, when the slow path read it; `nil` means the bytes are proven canonical.
  var tree: JSONValue?
  /// What replay sends and compares.
  var plan: ReplayPlan
  /// What the taxonomy gate scans (the whole tree, or the slim one with the steps' effects).
  var taxonomyDocument: JSONValue

  /// The document (with placeholder values on the fast path).
  var document: FixtureDocument { plan.document }

  /// Reads recording `name` from `store`.
  static func read(_ name: String, from store: FixtureStore) -> Result<InspectedFixture, FixtureLoadError> {
    let bytes: [UInt8]
    switch store.bytes(of: name) {
    case .success(let read): bytes = read
    case .failure(let error): return .failure(error)
    }
    return inspect(bytes, name: name, file: store.displayPath(name))
  }

  /// Reads recording `name` from bytes already read: the canonical fast path when the bytes prove
  /// canonical, else a parse. Everything after the file system, so the fuzz target drives exactly this.
  static func inspect(_ bytes: [UInt8], name: String, file: String) -> Result<InspectedFixture, FixtureLoadError> {
    if let fast = PrettyFixtureReader.read(bytes, name: name) {
      return .success(
        InspectedFixture(
          name: name, file: file, bytes: bytes, tree: nil, plan: fast.plan, taxonomyDocument: fast.taxonomyDocument))
    }
    let tree: JSONValue
    do {
      tree = try JSONParser().parse(bytes)
    } catch {
      return .failure(.notJSON(file: file, error: error))
    }
    do {
      let document = try FixtureDocumentReader.read(tree, name: name)
      return .success(
        InspectedFixture(
          name: name, file: file, bytes: bytes, tree: tree, plan: ReplayPlan(document: document),
          taxonomyDocument: tree))
    } catch {
      return .failure(.malformed(file: file, error: error))
    }
  }

  /// The recording as `FixtureStore.load` gives it (parsing the tree when the fast path skipped it).
  func loaded() -> LoadedFixture {
    let fullTree = tree ?? ((try? JSONParser().parse(bytes)) ?? .null)
    let fullDocument =
      plan.treesAreReal ? plan.document : ((try? FixtureDocumentReader.read(fullTree, name: name)) ?? plan.document)
    return LoadedFixture(name: name, file: file, bytes: bytes, tree: fullTree, document: fullDocument)
  }
}
