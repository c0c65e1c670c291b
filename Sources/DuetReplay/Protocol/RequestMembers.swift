import DuetCore

/// A request line's members, looked up by a linear scan.
///
/// A line has four or five members and is asked for three or four of them once each: comparing
/// short keys costs less than hashing them into a dictionary first.
struct RequestMembers {
  let members: [(String, JSONValue)]

  init(_ members: [(String, JSONValue)]) {
    self.members = members
  }

  /// The value of member `key` (keys are unique: the parser refuses duplicates).
  subscript(key: String) -> JSONValue? {
    for (name, value) in members where name == key { return value }
    return nil
  }
}
