import DuetPlatform

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

  /// The line's bytes: the first `count` of memory of the document's own, which a document indexed
  /// again (``reindex(_:)``) keeps.
  @exclusivity(unchecked) private(set) var bytes: UnsafeMutableBufferPointer<UInt8>
  @exclusivity(unchecked) private var byteCapacity: Int
  @exclusivity(unchecked) private(set) var nodes: UnsafeMutablePointer<CompactNode>
  @exclusivity(unchecked) private(set) var nodeCount = 0
  @exclusivity(unchecked) private var nodeCapacity: Int
  /// One decoder per value depth, handed to value after value (``decoder(node:isSum:)``), and the
  /// depth of the value being decoded.
  @exclusivity(unchecked) private var decoders: [CompactDecoder] = []
  @exclusivity(unchecked) private var depth = 0
  /// Set when any part of a decode missed: its result is then not used, even if the type's own
  /// decoding caught the error and went on.
  var missed = false
  /// The pooled containers the decoding took, linked (``CompactContainerCell``).
  /// Not counted: the cells' tables hold them (``PooledCompactCell``).
  @exclusivity(unchecked) private unowned(unsafe) var firstTaken: PooledCompactCell?

  /// The line indexed, or nil when it is outside the subset. The bytes are copied: a decoder an
  /// app's `init(from:)` kept would otherwise outlive the caller's buffer.
  package init?(_ line: UnsafeBufferPointer<UInt8>) {
    byteCapacity = max(line.count, 256)
    bytes = UnsafeMutableBufferPointer(start: .allocate(capacity: byteCapacity), count: 0)
    nodeCapacity = 16
    nodes = UnsafeMutablePointer<CompactNode>.allocate(capacity: nodeCapacity)
    guard reindex(line) else { return nil }
  }

  /// `{}`: what a given-back pooled container, and a decoder a type kept past its decoding, read
  /// (an empty object: every key is missing), so neither holds a request's index.
  nonisolated(unsafe) static let none: CompactDocument = {
    let text: StaticString = "{}"
    return CompactDocument(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))!
  }()

  /// Indexes `line` in place of the line read before, in the same memory (grown when needed):
  /// a runner reads each request into one document while nothing else holds it. False, with the
  /// document's contents undefined until it is indexed again, when the line is outside the subset.
  package func reindex(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard line.count > 1, line.count < Int(Int32.max), line[0] == UInt8(ascii: "{") else { return false }
    if line.count > byteCapacity {
      bytes.baseAddress?.deallocate()
      byteCapacity = max(line.count, byteCapacity * 2)
      bytes = UnsafeMutableBufferPointer(start: .allocate(capacity: byteCapacity), count: 0)
    }
    bytes = UnsafeMutableBufferPointer(start: bytes.baseAddress, count: line.count)
    bytes.baseAddress!.update(from: line.baseAddress!, count: line.count)
    nodes.deinitialize(count: nodeCount)
    nodeCount = 0
    missed = false
    var scanner = CompactScanner(bytes: UnsafeBufferPointer(bytes))
    return scanner.value(into: self, depth: 1, keyStart: 0, keyEnd: 0) && scanner.index == bytes.count
  }

  /// The decoder of the value at `node`, one level below the value being decoded; call
  /// ``endValue()`` when its `init(from:)` returns.
  func decoder(node: Int, isSum: Bool) -> CompactDecoder {
    let level = depth
    depth += 1
    if level < decoders.count {
      let decoder = decoders[level]
      decoder.node = node
      decoder.isSum = isSum
      return decoder
    }
    let decoder = CompactDecoder(document: self, node: node, isSum: isSum)
    decoders.append(decoder)
    return decoder
  }

  func endValue() { depth -= 1 }

  /// After a decoding: a decoder a type kept (held elsewhere too) is pointed at ``none`` and
  /// replaced, so it never reads a later request, nor this document once it is gone.
  func closeKeptDecoders() {
    for index in decoders.indices where !isKnownUniquelyReferenced(&decoders[index]) {
      decoders[index].document = CompactDocument.none
      decoders[index].node = 0
      decoders[index].isSum = false
      decoders[index] = CompactDecoder(document: self, node: 0, isSum: false)
    }
  }

  /// `cell`'s container pointed at `object` (and `payload`), or at a sum's envelope when
  /// `caseNode` is not -1 (``CompactCursor``), the cell kept in the taken list.
  func take<Key: CodingKey>(
    _ cell: CompactContainerCell<Key>, object: Int, payload: Int, caseNode: Int = -1, caseKeys: AnyObject? = nil
  ) -> KeyedDecodingContainer<Key> {
    cell.cursor.document = self
    cell.cursor.object = object
    cell.cursor.payload = payload
    cell.cursor.caseNode = caseNode
    if caseNode >= 0 { cell.cursor.caseKeys = caseKeys }
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
    bytes.baseAddress?.deallocate()
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
