import Foundation
import XCTest

/// What a test class makes once for all its tests (a real build and the runs on it), or why it
/// cannot: made when the first test asks for it, read by the rest, and dropped by the class's
/// `tearDown` so its temporary folders go. A reason to skip (real builds not wanted, a tool
/// missing, the set-up failing) makes every test that asks skip with it.
public final class ClassRun<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private let skipReason: () -> String?
  private let make: () throws -> Value
  private var outcome: Result<Value, Skip>?

  private struct Skip: Error {
    var reason: String
  }

  /// `skipReason` (``RealBuilds/skipReason(_:needing:purpose:)``, say) is asked first; `make`
  /// runs only when it says nil.
  public init(skipReason: @escaping () -> String?, make: @escaping () throws -> Value) {
    self.skipReason = skipReason
    self.make = make
  }

  /// The value, made now if no test asked before; `XCTSkip` with the reason it cannot be made.
  public func value() throws -> Value {
    lock.lock()
    defer { lock.unlock() }
    let result = outcome ?? makeOutcome()
    outcome = result
    switch result {
    case .success(let value): return value
    case .failure(let skip): throw XCTSkip(skip.reason)
    }
  }

  /// Forgets the value (the class's `tearDown`), so what it holds is released.
  public func drop() {
    lock.lock()
    outcome = nil
    lock.unlock()
  }

  private func makeOutcome() -> Result<Value, Skip> {
    if let reason = skipReason() { return .failure(Skip(reason: reason)) }
    do {
      return .success(try make())
    } catch {
      return .failure(Skip(reason: "the throwaway app could not be set up: \(error)"))
    }
  }
}
