import DuetReplay
import FoyerFeatures

// The whole of an app's runner: serve the app's registry over the replay protocol.
ReplayServer.serve(registry: foyerRegistry)
