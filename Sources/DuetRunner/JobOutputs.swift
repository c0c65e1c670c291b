import DuetCore
import DuetPlatform

/// Outputs by job index, behind a lock: a sink for jobs whose caller wants every output back in
/// job order (`record`'s compilation, the tests) rather than as each one settles.
package final class JobOutputs<Output>: @unchecked Sendable {
  private let lock = SystemLock()
  private var outputs: [Output?]

  package init(count: Int) {
    outputs = Array(repeating: nil, count: count)
  }

  /// Keeps `output` as job `index`'s.
  package func store(_ index: Int, _ output: Output) {
    lock.withLock {
      if index < outputs.count { outputs[index] = output }
    }
  }

  /// Every output stored, in job order.
  package func inOrder() -> [Output] { lock.withLock { outputs.compactMap { $0 } } }
}
