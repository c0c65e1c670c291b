import DuetCore
import DuetTelemetry

/// The benchmark feature's pure reducer: every action touches the state, and most emit effects,
/// including a `track` envelope, so each step exercises state, effects and events.
public func benchReducer(state: inout BenchState, action: BenchAction) -> [Effect<BenchEffectPayload>] {
  switch action {
  case .increment(let amount):
    state.counter += amount
    state.total += Int64(amount)
    state.history.append(state.counter)
    if state.history.count > 8 { state.history.removeFirst() }
    return []

  case .rename(let title):
    guard !state.isLocked else { return [] }
    state.title = title
    state.revision += 1
    return [.run(.persist(revision: state.revision), id: "bench.persist")]

  case .toggleItem(let index):
    guard state.items.indices.contains(index) else { return [] }
    state.items[index].isChecked.toggle()
    let checked = state.items.filter(\.isChecked).count
    return [
      .track(
        TrackedEvent(subject: "Item", verb: .toggled, params: [.int(key: "checked_count", value: checked)]))
    ]

  case .select(let id):
    state.selection = id
    return []

  case .setMode(let mode):
    state.mode = mode
    return []

  case .addTag(let tag):
    if !state.tags.contains(tag) { state.tags.append(tag) }
    return []

  case .checkout:
    let checked = state.items.filter(\.isChecked)
    let totalCents = checked.reduce(Int64(0)) { $0 + $1.priceCents * Int64($1.quantity) }
    state.revision += 1
    state.lastCheckout = BenchReceipt(itemCount: checked.count, totalCents: totalCents, revision: state.revision)
    return [
      .track(
        TrackedEvent(
          subject: "Cart", verb: .completed,
          params: [.int(key: "item_count", value: checked.count), .string(key: "currency", value: state.currency)])),
      .run(.notifyListener(.checkedOut(totalCents: totalCents))),
    ]
  }
}
