import DuetCore
import DuetScenario

/// The account screen with the name editor presented.
private let editingAccount = ChainNode(
  accountFeature, initialState: AccountState(displayName: "Ada", isEditingName: true))
private let editNameNode = ChainNode(
  editNameFeature, initialState: EditNameState(draft: "Ada"), delegate: EditNameDelegateEvent.self)

/// Edit-name → account: the editor counts the confirmed save; the account screen shows the name.
let accountEditNameChain = ChainScenario(
  "account-editname",
  description: "The name editor counts the save the account port confirms, before its delegate event carries the "
    + "name to the account screen, which shows it, dismisses the editor and tracks nothing."
) {
  When(editNameNode, "the name is edited", .draftChanged("Ada Lovelace"))
  When(editNameNode, "save is tapped", .saveTapped)
  When(editNameNode, "the account port confirms", .saveAnswered(.saved))
  ThenEffects(editNameNode, "the edit is counted, then the account screen gets the name") {
    $0 == [.track(EditNameEvents.nameEdited), .run(.notifyListener(.saved(name: "Ada Lovelace")))]
  }
  Hop("the saved name reaches the account screen", from: editNameNode, to: editingAccount) { .editName(event: $0) }
  Then(editingAccount, "the new name is shown, the editor dismissed") {
    $0.displayName == "Ada Lovelace" && !$0.isEditingName
  }
  ThenEffects(editingAccount, "nothing: the editor counted the edit") { $0.isEmpty }
}
