@_exported import HaloCore
@_exported import HaloGL
@_exported import HaloPNG
@_exported import HaloReference
