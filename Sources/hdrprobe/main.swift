import HDRProbeEngine
print("hdrprobe")
