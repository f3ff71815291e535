from pysnmp.hlapi import CommunityData
import pysnmp.hlapi

CommunityData("public", mpModel=0)  # expect: B508@33
CommunityData("public", mpModel=1)  # expect: B508
pysnmp.hlapi.CommunityData("public", mpModel=0)  # expect: B508
CommunityData(
    "public",
    mpModel=1,  # expect: B508@13
)
CommunityData("public", mpModel=0)  # nosec B508

CommunityData("public")
CommunityData("public", mpModel=2)
CommunityData("public", mpModel=model)
CommunityData("public", mpModel=False)
other.CommunityData("public", mpModel=0)
