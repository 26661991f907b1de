import Foundation
import Halo

let args = Array(CommandLine.arguments.dropFirst())
let path = args[1]
let out = args[3]
let backend = Backend(rawValue: args.count > 5 ? args[5] : "gpu")!
let t0 = Date()
let (scene, bg) = try Halo.load(path)
let img = try Halo.render(scene, background: bg, backend: backend)
try PNG.write(img, to: out)
print(out, String(format: "%.1f ms", Date().timeIntervalSince(t0) * 1000))
