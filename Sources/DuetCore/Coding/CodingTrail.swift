/// Where a coder is in the tree: a linked list from the value back to the root.
///
/// Every nested value needs its position (for error messages and `codingPath`), but it is read
/// only when something goes wrong. A parent link costs one small allocation per level; the array
/// of components it stands for is built only on demand.
final class CodingTrail: @unchecked Sendable {
  let parent: CodingTrail?
  /// The JSON step from the parent; `nil` when the JSON position is the parent's (a sum case's
  /// unlabelled payload, whose synthesized `_0` key has no JSON counterpart).
  let component: JSONPathComponent?
  /// The Swift coding key from the parent, when there is one.
  let codingKey: (any CodingKey)?
  let root: String

  init(root: String) {
    parent = nil
    component = nil
    codingKey = nil
    self.root = root
  }

  private init(parent: CodingTrail, component: JSONPathComponent?, codingKey: (any CodingKey)?) {
    self.parent = parent
    self.component = component
    self.codingKey = codingKey
    root = parent.root
  }

  /// An object member: the JSON key and the Swift key agree.
  func member(_ key: any CodingKey) -> CodingTrail {
    CodingTrail(parent: self, component: .key(key.stringValue), codingKey: key)
  }

  /// An object member named in JSON only (an envelope's `value`).
  func jsonMember(_ name: String) -> CodingTrail {
    CodingTrail(parent: self, component: .key(name), codingKey: nil)
  }

  /// An array element.
  func element(_ index: Int) -> CodingTrail {
    CodingTrail(parent: self, component: .index(index), codingKey: IndexKey(index))
  }

  /// A Swift coding step that stays at the same JSON position.
  func swiftOnly(_ key: any CodingKey) -> CodingTrail {
    CodingTrail(parent: self, component: nil, codingKey: key)
  }

  /// The JSON path, built on demand.
  var jsonPath: JSONPath {
    var components: [JSONPathComponent] = []
    var node: CodingTrail? = self
    while let current = node {
      if let component = current.component { components.append(component) }
      node = current.parent
    }
    return JSONPath(root: root, components.reversed())
  }

  /// The Swift coding path, built on demand.
  var codingPath: [any CodingKey] {
    var keys: [any CodingKey] = []
    var node: CodingTrail? = self
    while let current = node {
      if let key = current.codingKey { keys.append(key) }
      node = current.parent
    }
    return keys.reversed()
  }
}
