import DuetPlatform

/// The compact canonical bytes of one value, written as its `encode(to:)` runs: no tree, no
/// boxes, no `String` per part.
///
/// Values are written in encoding order; an object's members are recorded as byte ranges and put
/// in canonical key order in place when the object closes (most already are: then nothing moves).
/// Containers nest as a stack; a value's containers are closed when its `encode(to:)` returns.
/// The writer covers a strict subset of what the tree encoder (``CanonicalEncoding``) handles:
/// anything else — a float, a super-encoder, a container written out of turn, `codingPath` read,
/// any error — is a miss (``DirectMiss``), and the caller encodes the value the tree way, which
/// gives the same bytes or the error with its message. Dictionaries and sets (their key rules)
/// are encoded by the tree encoder and their bytes written here.
package final class DirectWriter {
  /// The bytes written so far (`count` of them), in memory of the writer's own.
  @exclusivity(unchecked) private(set) var storage: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) var frames = DirectStack<DirectFrame>(capacity: 16)
  @exclusivity(unchecked) var members = DirectStack<DirectMember>(capacity: 32)
  /// One encoder per value depth, reused: a value's encoder is free again once it returns.
  @exclusivity(unchecked) var encoders: [DirectEncoder] = []
  /// Set by anything outside the subset that cannot throw (a container asked for out of turn).
  @exclusivity(unchecked) var missed = false
  /// The depth of the value whose `encode(to:)` runs, and the first frame it owns.
  @exclusivity(unchecked) var activeDepth = -1
  @exclusivity(unchecked) var base = 0
  @exclusivity(unchecked) private var nextID = 0
  /// Pooled keyed containers (``DirectContainerCell``): every cell made and not retired, held
  /// here; each coding-key type's pool, its free cells linked; the cells taken by the values being
  /// written, linked, and how many. Links are not counted (the cells are held here).
  @exclusivity(unchecked) var cells: [DirectPooledCell] = []
  @exclusivity(unchecked) var poolTypes: [ObjectIdentifier] = []
  @exclusivity(unchecked) var poolFree: [Unmanaged<DirectPooledCell>?] = []
  @exclusivity(unchecked) unowned(unsafe) var firstTaken: DirectPooledCell?
  @exclusivity(unchecked) var takenCount = 0

  package init() {
    capacity = 1024
    storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  }

  deinit {
    storage.deallocate()
    frames.release()
    members.release()
  }

  /// The bytes written.
  var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

  /// The compact canonical bytes of `value` (valid until the writer's next use), or nil when the
  /// value is outside what the writer covers: then the tree encoder gives the bytes or the error.
  package func compactBytes<T: Encodable>(_ value: T) -> UnsafeBufferPointer<UInt8>? {
    reset()
    do {
      try write(value, depth: 0)
    } catch {
      return nil
    }
    guard !missed, frames.count == 0 else { return nil }
    return written
  }

  func reset() {
    count = 0
    frames.removeAll(from: 0)
    members.removeAll(from: 0)
    missed = false
    activeDepth = -1
    base = 0
  }

  // MARK: Values

  /// Marks the encoding missed and gives the error to throw: every throw is a miss, so a value
  /// that catches an error and goes on writing cannot leave half a member in the bytes.
  func miss() -> DirectMiss {
    missed = true
    return DirectMiss()
  }

  /// Writes `value` (a member's or an element's, or the root) at `depth`.
  func write<T: Encodable>(_ value: T, depth: Int) throws {
    do {
      try writeValue(value, depth: depth)
    } catch {
      missed = true
      throw error
    }
  }

  private func writeValue<T: Encodable>(_ value: T, depth: Int) throws {
    // Type identity first, as the tree encoder does.
    if T.self == String.self { return writeQuoted(unsafeBitCast(value, to: String.self)) }
    if T.self == Int.self { return writeInteger(Int64(unsafeBitCast(value, to: Int.self))) }
    if T.self == Bool.self { return writeBool(unsafeBitCast(value, to: Bool.self)) }
    if T.self == Int64.self { return writeInteger(unsafeBitCast(value, to: Int64.self)) }
    if T.self == Date.self { return writeQuoted(CanonicalDate.format(unsafeBitCast(value, to: Date.self))) }
    if T.self == UUID.self { return writeQuoted(unsafeBitCast(value, to: UUID.self).uuidString.lowercased()) }
    // Fractions are the telemetry double's alone, and its envelope's rule is the tree's.
    if T.self == CanonicalDouble.self || T.self == Double.self || T.self == Float.self { throw miss() }
    let shape = CodingShape.of(T.self)
    if let direct = shape.direct { return try direct.writeDirect(value, to: self, depth: depth + 1) }
    if shape.encodingCollection != nil { return try writeThroughTree(value) }
    let encoder = encoder(at: depth, isSum: shape.isSum)
    let savedDepth = activeDepth
    let savedBase = base
    let mark = takenCount
    activeDepth = depth
    base = frames.count
    defer {
      activeDepth = savedDepth
      base = savedBase
      giveBackCells(to: mark)
    }
    try value.encode(to: encoder)
    guard !missed else { throw miss() }
    while frames.count > base { try closeTop() }
    encoder.isSpent = true
    // A value that wrote nothing is an empty object; a sum that wrote nothing is refused.
    if !encoder.wroteSomething {
      if shape.isSum { throw miss() }
      append("{}")
    }
  }

  /// A dictionary or set: the tree encoder's tree (its key rules, its order), laid out here.
  func writeThroughTree<T: Encodable>(_ value: T) throws {
    let tree = try CanonicalEncoding.box(value, trail: CodingTrail(root: ""))
    var output = CanonicalOutput(pretty: false)
    do {
      try tree.write(to: &output, depth: 0, allowsFraction: false, isDoubleParameter: false)
    } catch {
      throw miss()
    }
    output.bytes.withUnsafeBufferPointer { append($0) }
  }

  func encoder(at depth: Int, isSum: Bool) -> DirectEncoder {
    while encoders.count <= depth { encoders.append(DirectEncoder(writer: self, depth: encoders.count)) }
    let encoder = encoders[depth]
    encoder.begin(isSum: isSum)
    return encoder
  }

  // MARK: Containers

  /// Opens a frame of `kind` at the end of the bytes and returns its id.
  func open(_ kind: DirectFrame.Kind) -> Int {
    let start = count
    switch kind {
    case .object: append(UInt8(ascii: "{"))
    case .array: append(UInt8(ascii: "["))
    case .sumOuter: append(#"{"case":"#)
    case .sumPayload: append(#","value":{"#)
    }
    nextID += 1
    frames.push(DirectFrame(id: nextID, kind: kind, start: start, contentStart: count, firstMember: members.count))
    return nextID
  }

  /// Makes frame `id` the innermost open one (closing nested containers opened after it) and
  /// returns its index; a closed frame, or one of an enclosing value, is a miss.
  func activate(_ id: Int) throws -> Int {
    var index = frames.count - 1
    while index >= base, frames[index].id != id { index -= 1 }
    guard index >= base, !missed else {
      throw miss()
    }
    while frames.count - 1 > index { try closeTop() }
    return index
  }

  /// Starts member `key` of object frame `id`: the comma, the quoted key and the colon. A key
  /// that needs an escape or is UUID-shaped (written other than its bytes) is a miss.
  func beginMember(_ id: Int, _ key: String) throws {
    let index = try activate(id)
    switch frames[index].kind {
    case .object, .sumPayload: break
    case .array, .sumOuter: throw miss()
    }
    if frames[index].count > 0 { append(UInt8(ascii: ",")) }
    frames[index].count += 1
    let start = count
    var prefix: UInt64 = 0
    var key = key
    let length = try key.withUTF8 { utf8 throws(DirectMiss) -> Int in
      reserve(utf8.count + 3)
      let out = storage + count
      out.pointee = UInt8(ascii: "\"")
      for position in 0..<utf8.count {
        let byte = utf8[position]
        guard byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { throw miss() }
        if position < 8 { prefix |= UInt64(byte) << (56 - 8 * position) }
        out[1 + position] = byte
      }
      out[1 + utf8.count] = UInt8(ascii: "\"")
      out[2 + utf8.count] = UInt8(ascii: ":")
      return utf8.count
    }
    if length == 36, UUIDShape.matches(key) { throw miss() }
    count += length + 3
    members.push(DirectMember(prefix: prefix, length: length, start: start))
  }

  /// How many elements frame `id` holds (what an unkeyed container's `count` says).
  func elementCount(_ id: Int) -> Int {
    var index = frames.count - 1
    while index >= 0, frames[index].id != id { index -= 1 }
    guard index >= 0 else {
      missed = true
      return 0
    }
    return frames[index].count
  }

  /// Starts the next element of array frame `id`.
  func beginElement(_ id: Int) throws {
    let index = try activate(id)
    guard frames[index].kind == .array else {
      throw miss()
    }
    if frames[index].count > 0 { append(UInt8(ascii: ",")) }
    frames[index].count += 1
  }

  /// A keyed container nested under `key` of frame `id` (a sum's case opens its payload here).
  func nestedObject(_ id: Int, _ key: String) throws -> Int {
    let index = try activate(id)
    if frames[index].kind == .sumOuter {
      guard frames[index].count == 0 else {
        throw miss()
      }
      frames[index].count = 1
      writeQuoted(key)
      return open(.sumPayload)
    }
    try beginMember(id, key)
    return open(.object)
  }

  /// An unkeyed container nested under `key` of frame `id`.
  func nestedArray(_ id: Int, _ key: String) throws -> Int {
    try beginMember(id, key)
    return open(.array)
  }

  /// Closes the innermost frame: an object's members into canonical order, a sum's envelope
  /// finished.
  func closeTop() throws {
    let frame = frames.popLast()
    defer { members.removeAll(from: frame.firstMember) }
    switch frame.kind {
    case .array: append(UInt8(ascii: "]"))
    case .object:
      orderMembers(of: frame)
      append(UInt8(ascii: "}"))
    case .sumOuter:
      guard frame.count == 1 else { throw miss() }
      append(UInt8(ascii: "}"))
    case .sumPayload:
      try closePayload(frame)
    }
  }

  /// `,"value":{…}` becomes nothing (no payload), stays (labelled payloads) or loses its braces
  /// and `"_0":` (one unlabelled payload); any other `_`-key is left to the tree encoder.
  private func closePayload(_ frame: DirectFrame) throws {
    if frame.count == 0 {
      count = frame.start
      return
    }
    var unlabelled = false
    for index in frame.firstMember..<members.count where members[index].startsWithUnderscore { unlabelled = true }
    guard unlabelled else {
      orderMembers(of: frame)
      append(UInt8(ascii: "}"))
      return
    }
    guard frame.count == 1, members[frame.firstMember].isFirstUnlabelled else { throw miss() }
    // `{"_0":` is six bytes from just before the content: the value moves up over them.
    let from = frame.contentStart + 5
    let to = frame.contentStart - 1
    (storage + to).update(from: storage + from, count: count - from)
    count -= 6
  }

  /// True when member `a`'s key sorts strictly before member `b`'s (UTF-8 byte order).
  private func precedes(_ a: DirectMember, _ b: DirectMember) -> Bool {
    if a.prefix != b.prefix { return a.prefix < b.prefix }
    if a.length <= 8 || b.length <= 8 { return a.length < b.length }
    let order = memcmp(storage + a.start + 1, storage + b.start + 1, min(a.length, b.length))
    if order != 0 { return order < 0 }
    return a.length < b.length
  }

  private func sameKey(_ a: DirectMember, _ b: DirectMember) -> Bool {
    a.prefix == b.prefix && a.length == b.length
      && (a.length <= 8 || memcmp(storage + a.start + 1, storage + b.start + 1, a.length) == 0)
  }

  /// Puts the members of `frame` (the last bytes written) in canonical key order; of equal keys
  /// the last written is kept, as the tree encoder keeps it.
  private func orderMembers(of frame: DirectFrame) {
    let first = frame.firstMember
    let end = members.count
    guard end - first > 1 else { return }
    var sorted = true
    for index in (first + 1)..<end where !precedes(members[index - 1], members[index]) {
      sorted = false
      break
    }
    if sorted { return }
    // A stable insertion sort of positions: of equal keys the last encoded comes last.
    var order = Array(first..<end)
    for next in 1..<order.count {
      let moving = order[next]
      var slot = next
      while slot > 0, precedes(members[moving], members[order[slot - 1]]) {
        order[slot] = order[slot - 1]
        slot -= 1
      }
      order[slot] = moving
    }
    var laid: [UInt8] = []
    laid.reserveCapacity(count - frame.contentStart)
    for (position, index) in order.enumerated() {
      if position + 1 < order.count, sameKey(members[order[position + 1]], members[index]) { continue }
      if !laid.isEmpty { laid.append(UInt8(ascii: ",")) }
      // A member's bytes run to the comma before the next member, or to the end.
      let memberEnd = index + 1 < end ? members[index + 1].start - 1 : count
      laid.append(
        contentsOf: UnsafeBufferPointer(start: storage + members[index].start, count: memberEnd - members[index].start))
    }
    count = frame.contentStart
    laid.withUnsafeBufferPointer { append($0) }
  }

  // MARK: Scalars

  /// Room for `extra` more bytes.
  @inline(__always)
  func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  private func grow(to needed: Int) {
    let grown = max(capacity * 2, needed)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    larger.update(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity = grown
  }

  /// Marks the bytes up to `end` (written through `storage`) as written.
  @inline(__always)
  func advance(to end: UnsafeMutablePointer<UInt8>) { count = end - storage }

  @inline(__always)
  func append(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    (storage + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
