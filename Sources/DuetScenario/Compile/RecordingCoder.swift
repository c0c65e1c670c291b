import DuetCore

/// Typed values → fixture trees while recording, with errors that name the word at fault.
///
/// The state and the action are also decoded back: a replay runner has to read them, so a type
/// whose coding does not round-trip is caught here, at the scenario line, not in a verify run.
struct RecordingCoder: Sendable {
  let encoder = CanonicalEncoder()
  let decoder = CanonicalDecoder()

  func encode<T: Encodable>(_ value: T, root: String, what: String, at site: Site) throws(ScenarioError) -> JSONValue {
    do {
      let tree = try encoder.encode(value, root: root)
      _ = try CanonicalWriter.compact(tree)
      return tree
    } catch let error as CanonicalCodingError {
      throw .unencodable(what, at: site.mention, problem: error.description)
    } catch let error as CanonicalWriteError {
      throw .unencodable(what, at: site.mention, problem: error.rooted(at: root).description)
    } catch {
      throw .unencodable(what, at: site.mention, problem: String(describing: error))
    }
  }

  func roundTrip<T: Codable>(_ value: T, root: String, what: String, at site: Site) throws(ScenarioError) -> JSONValue {
    let tree = try encode(value, root: root, what: what, at: site)
    try decode(T.self, from: tree, root: root, what: what, at: site)
    return tree
  }

  @discardableResult
  func decode<T: Decodable>(_ type: T.Type, from tree: JSONValue, root: String, what: String, at site: Site)
    throws(ScenarioError) -> T
  {
    do {
      return try decoder.decode(type, from: tree, root: root)
    } catch {
      throw .undecodable(what, at: site.mention, problem: error.description)
    }
  }

  /// A tree in compact form for messages (trees here were already checked writable).
  static func compact(_ tree: JSONValue) -> String {
    (try? CanonicalWriter.compact(tree)) ?? FirstDivergence.render(tree)
  }
}
