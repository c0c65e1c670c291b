/// A keyed container that reads every fixed-width integer through one generic `integer(_:_:)`:
/// the ten `decode(_:forKey:)` requirements for them are written here once. A container may still
/// write one of them itself (a fast path for `Int`): its own method is the one called.
///
/// The methods are inlined into each container's witness: called through the extension, they
/// cost 114 instructions of a counter request (`make bench-callgrind`, 18,764 → 18,878).
protocol IntegerKeyedDecoding: KeyedDecodingContainerProtocol {
  /// The member at `key` as an `N`, or the container's error when it is not one.
  func integer<N: FixedWidthInteger>(_ type: N.Type, _ key: Key) throws -> N
}

extension IntegerKeyedDecoding {
  @inline(__always) func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
  @inline(__always) func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
  @inline(__always) func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
  @inline(__always) func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
  @inline(__always) func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
  @inline(__always) func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
  @inline(__always) func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
  @inline(__always) func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
  @inline(__always) func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
  @inline(__always) func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
}

/// ``IntegerKeyedDecoding`` for a single-value container: every fixed-width integer is read
/// through one generic `integer(_:)`.
protocol IntegerValueDecoding: SingleValueDecodingContainer {
  /// The value as an `N`, or the container's error when it is not one.
  func integer<N: FixedWidthInteger>(_ type: N.Type) throws -> N
}

extension IntegerValueDecoding {
  @inline(__always) func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  @inline(__always) func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  @inline(__always) func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  @inline(__always) func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  @inline(__always) func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  @inline(__always) func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  @inline(__always) func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  @inline(__always) func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  @inline(__always) func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  @inline(__always) func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
}
