/// A stack of plain values in memory of its own, for the direct writer's frames and members: an
/// array's append pays a uniqueness and capacity check, and an exclusivity check on the class
/// property holding it, at every push.
struct DirectStack<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
  }

  /// Frees the memory; the stack is not used after.
  func release() { base.deallocate() }

  @inline(__always)
  mutating func push(_ element: Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  @inline(__always)
  mutating func popLast() -> Element {
    count -= 1
    return base[count]
  }

  /// Drops every element from `index` on.
  @inline(__always)
  mutating func removeAll(from index: Int) { count = index }

  @inline(__always)
  subscript(index: Int) -> Element {
    get { base[index] }
    nonmutating set { base[index] = newValue }
  }

  private mutating func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.initialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }
}
