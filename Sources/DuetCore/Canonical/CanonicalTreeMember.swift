/// One member of an object as the writer takes it (`EncodedMember`, `JSONMember`).
protocol CanonicalTreeMember {
  associatedtype Value: CanonicalTree
  var key: String { get }
  var value: Value { get }
}

/// A member of a `JSONValue` object, once the writer has sorted them.
struct JSONMember: CanonicalTreeMember {
  var key: String
  var value: JSONValue
}
