import Foundation

/// A request line in the dialect's compact canonical form, indexed once so the typed decoder can
/// read its values in place (no `JSONValue` tree, no dictionaries, no strings for keys).
///
/// Only a strict subset is indexed: no whitespace, every object's keys in strictly ascending
/// byte order (so no key repeats), strings of printable ASCII without escapes, integers of at
/// most 18 digits (no `-0`, no fraction or exponent), and at most ``maximumDepth`` levels.
/// That is what a verifier sends for almost every step. Anything else is not indexed at all, and
/// the caller reads the line the ordinary way (`JSONParser`, the tree decoder), which accepts or
/// refuses it with its own messages, so the subset changes no answer: it only makes the common
/// one cheaper.
package final class CompactDocument {
  static let maximumDepth = 64

  let bytes: UnsafeMutableBufferPointer<UInt8>
  private(set) var nodes: UnsafeMutablePointer<CompactNode>
  private(set) var nodeCount = 0
  private var nodeCapacity: Int
  /// Set when any part of a decode missed: its result is then not used, even if the type's own
  /// decoding caught the error and went on.
  var missed = false
  /// The pooled containers the decoding took, linked (``CompactContainerCell``).
  @exclusivity(unchecked) private var firstTaken: PooledCompactCell?

  /// The line indexed, or nil when it is outside the subset. The bytes are copied: a decoder an
  /// app's `init(from:)` kept would otherwise outlive the caller's buffer.
  package init?(_ line: UnsafeBufferPointer<UInt8>) {
    guard line.count > 1, line.count < Int(Int32.max), line[0] == UInt8(ascii: "{") else { return nil }
    bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: line.count)
    _ = bytes.initialize(from: line)
    nodeCapacity = 16
    nodes = UnsafeMutablePointer<CompactNode>.allocate(capacity: nodeCapacity)
    var scanner = CompactScanner(bytes: UnsafeBufferPointer(bytes))
    guard scanner.value(into: self, depth: 1, keyStart: 0, keyEnd: 0), scanner.index == bytes.count else {
      return nil
    }
  }

  /// `cell`'s container pointed at `object` (and `payload`), the cell kept in the taken list.
  func take<Key: CodingKey>(
    _ cell: CompactContainerCell<Key>, object: Int, payload: Int
  ) -> KeyedDecodingContainer<Key> {
    cell.cursor.document = self
    cell.cursor.object = object
    cell.cursor.payload = payload
    cell.next = firstTaken
    firstTaken = cell
    return cell.container
  }

  /// Gives back every cell the decoding took.
  func releaseCells() {
    guard let first = firstTaken else { return }
    firstTaken = nil
    KeyMemory.shared.giveBack(from: first)
  }

  deinit {
    nodes.deinitialize(count: nodeCount)
    nodes.deallocate()
    bytes.deallocate()
  }

  /// Appends a node and returns its index.
  func add(_ node: CompactNode) -> Int {
    if nodeCount == nodeCapacity {
      let grown = UnsafeMutablePointer<CompactNode>.allocate(capacity: nodeCapacity * 2)
      grown.moveInitialize(from: nodes, count: nodeCount)
      nodes.deallocate()
      nodes = grown
      nodeCapacity *= 2
    }
    (nodes + nodeCount).initialize(to: node)
    nodeCount += 1
    return nodeCount - 1
  }

  /// The member of the object at `object` whose key is `name`, or -1.
  func member(_ name: UnsafeBufferPointer<UInt8>, of object: Int) -> Int {
    var child = object + 1
    for _ in 0..<nodes[object].count {
      if keyEquals(child, name) { return child }
      child = Int(nodes[child].next)
    }
    return -1
  }

  /// The member of the object at `object` whose key is `name`, or -1.
  func member(_ name: String, of object: Int) -> Int {
    var name = name
    return name.withUTF8 { member($0, of: object) }
  }

  func keyEquals(_ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let node = nodes[index]
    let length = Int(node.keyEnd - node.keyStart)
    guard length == name.count else { return false }
    return length == 0 || memcmp(bytes.baseAddress! + Int(node.keyStart), name.baseAddress!, length) == 0
  }

  func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    let node = nodes[index]
    return UnsafeBufferPointer(rebasing: bytes[Int(node.keyStart)..<Int(node.keyEnd)])
  }

  /// A string node's text.
  func string(_ index: Int) -> String {
    let node = nodes[index]
    return String(decoding: bytes[Int(node.start) + 1..<Int(node.end) - 1], as: UTF8.self)
  }

  /// The top-level object's members in one pass, for a caller that knows the few keys it wants:
  /// `body` gets each member's key bytes and node, in key order.
  package func forEachTopMember(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
    var child = 1
    for _ in 0..<nodes[0].count {
      body(key(child), child)
      child = Int(nodes[child].next)
    }
  }

  /// The text of the string at `index` as bytes, without its quotes; nil when it is not a string.
  package func stringBytes(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
    let node = nodes[index]
    guard node.kind == .string else { return nil }
    return UnsafeBufferPointer(rebasing: bytes[Int(node.start) + 1..<Int(node.end) - 1])
  }

  /// The member named `name` of the top-level object when it is a string, else nil.
  package func topString(_ name: String) -> String? {
    let index = member(name, of: 0)
    guard index >= 0, nodes[index].kind == .string else { return nil }
    return string(index)
  }

  /// The index of the top-level object's member named `name`, or nil.
  package func topMember(_ name: String) -> Int? {
    let index = member(name, of: 0)
    return index >= 0 ? index : nil
  }
}
