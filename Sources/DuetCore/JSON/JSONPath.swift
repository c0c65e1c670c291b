/// One step of a path into a JSON tree: an object key or an array index.
public enum JSONPathComponent: Hashable, Sendable {
  case key(String)
  case index(Int)
}

/// A path into a JSON tree, rendered as the spec's `a.b[2].c` syntax.
///
/// Every error about a value names where it is; this is the one place that spelling lives.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// The name of the tree's root (`expectedState`, `action`, …); empty for a bare document.
  public var root: String
  /// The steps from the root, outermost first.
  public var components: [JSONPathComponent]

  public init(root: String = "", _ components: [JSONPathComponent] = []) {
    self.root = root
    self.components = components
  }

  /// This path extended by an object key.
  public func appending(key: String) -> JSONPath {
    JSONPath(root: root, components + [.key(key)])
  }

  /// This path extended by an array index.
  public func appending(index: Int) -> JSONPath {
    JSONPath(root: root, components + [.index(index)])
  }

  /// `a.b[2].c`; the root alone when there are no components; `$` for an unnamed root. Control
  /// characters in keys are escaped (`PrintableText`).
  public var description: String {
    var text = root
    for component in components {
      switch component {
      case .key(let key):
        if !text.isEmpty { text += "." }
        // A key came from a file: its control characters are escaped, so a path is one visible line.
        text += PrintableText.escaped(key)
      case .index(let index):
        text += "[\(index)]"
      }
    }
    return text.isEmpty ? "$" : text
  }
}
